# ASSERTION: -x verbose prints each program's DIF on stderr as it is
# compiled (what -S prints); -x debug adds libdtrace's debug messages.
# @@timeout: 180
dtrace=$1
prog='BEGIN { trace(1 + 2); }'
"$dtrace" -e -S -n "$prog" 2> /tmp/tst.verbose.S.$$ ||
	{ echo "dtrace -e -S exited with status $?" >&2; exit 1; }
"$dtrace" -e -x verbose -n "$prog" 2> /tmp/tst.verbose.v.$$ ||
	{ echo "dtrace -e -x verbose exited with status $?" >&2; exit 1; }
cmp -s /tmp/tst.verbose.S.$$ /tmp/tst.verbose.v.$$ && echo "verbose = -S"
[ -s /tmp/tst.verbose.v.$$ ] && echo "verbose printed DIF"
"$dtrace" -e -n "$prog" 2>&1
echo "neither: exit $?"
rm -f /tmp/tst.verbose.S.$$ /tmp/tst.verbose.v.$$
"$dtrace" -e -x debug -x late=dynamic -n "$prog" -n 'END { }' 2>&1
echo "debug: exit $?"
"$dtrace" -e -x late=sometimes -n "$prog" 2>&1
echo "late=sometimes: exit $?"
