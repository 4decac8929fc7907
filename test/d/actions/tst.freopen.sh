# ASSERTION: freopen(path) sends what follows to the end of path (the
# file keeps what it had), freopen("") returns to the first output, and
# ftruncate() empties the output file (-o) before what follows.
dtrace=$1
f=/tmp/freopen.$$
echo "kept from before" > $f
"$dtrace" -q -w -n "BEGIN { printf(\"one\n\"); freopen(\"$f\"); printf(\"two %d\n\", 2);
	freopen(\"\"); printf(\"three\n\"); exit(0); }"
echo "exit $?"
echo "-- $f:"
cat $f
"$dtrace" -q -w -o $f -n 'BEGIN { printf("dropped\n"); ftruncate(); printf("after ftruncate\n"); exit(0); }'
echo "exit $?"
echo "-- $f after ftruncate:"
cat $f
rm -f $f
