# ASSERTION: -X (-x stdc) picks cpp's ISO C mode with -C: __STDC__ is 0
# for a (the default) and t, 1 for c, and undefined for s (K&R cpp); a
# program may not set it, and other values are refused. The tree shows
# which value the preprocessor left.
# @@timeout: 180
dtrace=$1
prog='#ifdef __STDC__
BEGIN { x = __STDC__; }
#else
BEGIN { x = 99; }
#endif'
for mode in default a c s t; do
	flag=-X$mode
	[ $mode = default ] && flag=
	printf '%s\n' "$prog" | "$dtrace" -e -C $flag -x tree=1 -s /dev/stdin 2>&1 | grep 'int '
	echo "$mode: exit ${PIPESTATUS[1]}"
done
"$dtrace" -e -C -X q -n 'BEGIN { }' 2>&1 | head -1
echo "q: exit ${PIPESTATUS[0]}"
printf '#pragma D option stdc=c\nBEGIN { }\n' | "$dtrace" -e -s /dev/stdin 2>&1
echo "pragma: exit ${PIPESTATUS[1]}"
