# ASSERTION: -x iregs and -x tregs bound the integer registers and tuple
# stack slots code generation may use: an expression that needs more
# fails with DTrace's messages; values outside 1..16 and 1..8 (what the
# DIF machine has) are refused.
# @@timeout: 180
dtrace=$1
deep='BEGIN { x = 1; trace(x + (x + (x + (x + x)))); }'
for n in 16 6 5 4; do
	"$dtrace" -e -x iregs=$n -n "$deep" 2>&1
	echo "iregs=$n: exit $?"
done
tuple='BEGIN { a[1, 2, 3, 4] = 1; }'
for n in 8 4 3; do
	"$dtrace" -e -x tregs=$n -n "$tuple" 2>&1
	echo "tregs=$n: exit $?"
done
for bad in "iregs=0" "iregs=17" "tregs=0" "tregs=9" "iregs=x"; do
	"$dtrace" -e -x $bad -n 'BEGIN { }' 2>&1
	echo "$bad: exit $?"
done
