# ASSERTION: with -x cpu=N, tick-N fires on CPU N (the CPU traced), so a
# tick-1s clause ends the run, whichever CPU dtrace itself started on;
# tick-N is the one CPU profile probe a script's timer.
# @@timeout: 120
dtrace=$1
for pair in "1 0" "0 1"; do
	set -- $pair
	timeout 60 taskset -c "$2" "$dtrace" -q -x cpu="$1" -n '
	tick-100ms { n++; }
	tick-1s { printf("tick-1s on CPU %d after %d ticks of 100ms\n", cpu, n > 5 ? 5 : n); exit(0); }'
	echo "exit $?"
done
