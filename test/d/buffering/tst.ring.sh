# ASSERTION: under bufpolicy=ring nothing prints while tracing; at exit the
# newest records print, oldest first and without gaps: the first ones were
# overwritten (a 4k buffer holds about 170 of them) and the last ones,
# from around the exit() at 1000, are there.
# @@timeout: 120
out=$("$1" -q -x bufpolicy=ring -x bufsize=4k -n '
tick-1ms { printf("%d\n", ++i); }
tick-1ms /i == 1000/ { exit(0); }')
echo "rc=$?"
echo "$out" | awk '
	NR == 1 { first = $1 }
	NR > 1 && $1 != prev + 1 { gap = 1 }
	{ prev = $1 }
	END {
		print (first > 1 ? "oldest overwritten" : "first kept");
		print (gap ? "gap" : "no gaps");
		print (prev >= 1000 ? "newest kept" : "newest lost " prev);
	}'
