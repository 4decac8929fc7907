# ASSERTION: a flag given without its argument is named as getopt names
# it ("option requires an argument"), not as an unknown flag; exit 2.
for f in -n -s -x -c; do
	out=$("$1" $f 2>&1)
	rc=$?
	printf '%s\n' "$out" | head -n 1
	echo "exit $rc"
done
