# ASSERTION: an empty program (nothing, or only pragmas and comments) is
# refused with D_EMPTY unless -x empty is set; with it, it compiles.
# @@timeout: 180
dtrace=$1
"$dtrace" -e -xerrtags -s /dev/null 2>&1
echo "empty: exit $?"
"$dtrace" -e -x empty -s /dev/null 2>&1
echo "-x empty: exit $?"
"$dtrace" -e -xerrtags -n '/* nothing */' 2>&1
echo "comment: exit $?"
