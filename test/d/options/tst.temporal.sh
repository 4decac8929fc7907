# ASSERTION: -x temporal prints the firings of every CPU in the order they
# were traced: profile-199 fires on both CPUs and each firing prints its
# timestamp; across several buffer switches the timestamps printed never
# go back (without temporal each drain prints CPU 0's firings, then CPU
# 1's, so they would).
# @@timeout: 120
dtrace=$1
"$dtrace" -q -x temporal -x switchrate=50ms -n '
profile-199 { printf("%d %d\n", cpu, timestamp); }
tick-2s { exit(0); }' | awk '
	NF { n++; cpus[$1] = 1; if ($2 < last) back++; last = $2 }
	END {
		print (n > 200 ? "many firings" : "only " n " firings");
		print length(cpus) " cpus";
		print (back ? back " times back in time" : "in timestamp order");
	}'
echo "exit ${PIPESTATUS[0]}"
