# ASSERTION: with aggpack an lquantize() entry shows its whole range, from
# the underflow bucket ("< base") to the overflow one (">= limit"), and
# with no keys the header's key column is empty. Levels are "__xxxxXX"
# under encoding=ascii and the Unicode blocks U+2581..U+2588 under
# encoding=utf8 (here levels 1 and 4 of 7); a zero bucket stays blank.
for enc in ascii utf8; do
	"$1" -q -x aggpack -x encoding=$enc -n 'BEGIN {
		@ = lquantize(-1, 0, 4, 1);
		@ = lquantize(2, 0, 4, 1, 3);
		@ = lquantize(9, 0, 4, 1);
		exit(0);
	}' || exit 1
done
