# ASSERTION: with a -c target, a struct the target's objects do not
# define, and a tag scoped to an object the target does not have, are
# D_UNKNOWN errors naming the type and why.
# @@timeout: 120
. "$(dirname "$0")/utypes_lib.sh"
status=1
"$dtrace" -xerrtags -c "$prog" -n '
pid$target:a.out:fill:entry { trace(((struct a.out`nosuch *)arg0)->x); }' 2>&1
rc=$?; echo "exit $rc"; [ $rc = 1 ] || status=0
"$dtrace" -xerrtags -c "$prog" -n '
pid$target:a.out:fill:entry { trace(((struct libnone.so`point *)arg0)->x); }' 2>&1
rc=$?; echo "exit $rc"; [ $rc = 1 ] || status=0
# Exits 1 only if both dtrace runs did.
exit $status
