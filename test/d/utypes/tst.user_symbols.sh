# ASSERTION: with a -c target and -x unodefs, mod``sym and ``sym name
# the target's global variables, typed from its DWARF, at their
# addresses in the target: scalars, char arrays and struct members load
# from the target's memory, a pointer member leads on into it, and
# &a.out``first is the address fill() receives.
# @@timeout: 120
. "$(dirname "$0")/utypes_lib.sh"
"$dtrace" -q -x unodefs -c "$prog" -n '
pid$target:a.out:fill:entry
{
	printf("score %d label %s\n", a.out``first.score, a.out``first.label);
	printf("far %d %d via pointer %d\n", a.out``far.x, a.out``far.y,
	    a.out``first.other->y);
	printf("unscoped %d\n", ``second.corner.y);
	printf("address is arg0 %d\n", (uintptr_t)&a.out``first == arg0);
	printf("through & %d\n", (&a.out``first)->next->score);
}'
echo "exit $?"
