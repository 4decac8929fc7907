# ASSERTION: under -x encoding=utf8 the bars of all-positive quantize,
# lquantize and llquantize histograms are drawn in UTF-8 blocks: a full
# block (U+2588) per 1/40 of the total and the remainder in eighths
# (U+2589..U+258F), padded to 40 columns; a histogram with negative
# values keeps its '@' bars, and -x encoding=ascii keeps '@' everywhere.
set -o pipefail	# a pipeline fails when dtrace does
dtrace=$1
for enc in utf8 ascii; do
	echo "encoding=$enc"
	"$dtrace" -q -x encoding=$enc -n 'BEGIN {
		@q = quantize(1, 1); @q = quantize(2, 2); @q = quantize(4, 4);
		@l = lquantize(3, 0, 10, 2, 7); @l = lquantize(12, 0, 10, 2, 2);
		@ll = llquantize(5, 10, 0, 2, 10, 1); @ll = llquantize(50, 10, 0, 2, 10, 2);
		@n = quantize(1, -3); @n = quantize(2, 5);
		exit(0); }' | sed 's/ *$//' || exit 1
done
