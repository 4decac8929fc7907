# ASSERTION: a late ECB over a limit is refused and the consumer says so:
# dtrace -Z over testapp*:::query-start (no such probe yet) holds a cheap
# printf clause and 12 clauses that may cost about 900,000 units each (6
# string compares at strsize 64 KiB); when usdt_app registers, the probe's
# firing budget (DTRACE_FIRING_COST_MAX, 8 Mi units) takes the printf and
# 9 of them and refuses 3, which dtrace reports as it reports drops. The
# printf still fires for each query.
# @@timeout: 60
# @@sort: the process's firings come CPU by CPU, on whichever CPUs it ran
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/usdt_lib.sh"
prog=$(mktemp --suffix=.d)
trace=$(mktemp)
notes=$(mktemp)
trap 'kill $dt $pid 2> /dev/null; wait 2> /dev/null; rm -f "$prog" "$trace" "$notes"' EXIT
same='(this->s == this->s)'
{
	echo '#pragma D option strsize=65536'
	echo '#pragma D option quiet'
	echo 'BEGIN { printf("tracing\n"); }'
	echo 'tick-20s { printf("timed out\n"); exit(1); }'
	echo 'testapp*:::query-start { printf("query %d\n", arg0); }'
	for i in $(seq 12); do
		echo "testapp*:::query-start { this->s = \"a\";"
		echo "    n += $same + $same + $same + $same + $same + $same; }"
	done
	echo 'testapp*:::query-done /arg0 == 2/ { exit(0); }'
} > "$prog"
"$dtrace" -Z -s "$prog" > "$trace" 2> "$notes" &
dt=$!
late_app "$dt" "$trace"
rc=$?
cat "$trace"
grep -v 'matched 0 probes' "$notes"
dt_ok "$rc" "dtrace -Z -s (13 clauses on testapp*:::query-start)"
