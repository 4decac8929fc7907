# ASSERTION: an operand the program never references (here $2) is
# D_MACRO_UNUSED, as in DTrace: exits 1 only when dtrace failed with it.
dtrace=$1
out=$("$dtrace" -e -xerrtags -n 'BEGIN { trace($1); }' 1 2 2>&1) && exit 0
case $out in
*"[D_MACRO_UNUSED]"*"extraneous argument '2' (\$2 is not referenced)"*) exit 1 ;;
esac
echo "unexpected: $out"
exit 0
