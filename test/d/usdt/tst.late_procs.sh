# ASSERTION: with -Z, a description that matches no probe yet waits for
# its probes (late matching): dtrace -Z -n 'testapp*:::query-start'
# started before any usdt_app says it matched 0 probes, then fires in a
# usdt_app started afterwards, with its arguments (i, "select i").
# @@timeout: 60
# @@sort: the process's firings come CPU by CPU, on whichever CPUs it ran
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/usdt_lib.sh"
trace=$(mktemp)
notes=$(mktemp)
trap 'kill $dt $pid 2> /dev/null; wait 2> /dev/null; rm -f "$trace" "$notes"' EXIT
"$dtrace" -Z -q -n 'testapp*:::query-start
{
	printf("%s %d %s\n", probeprov == strjoin("testapp", lltostr(pid)) ?
	    "testapp<pid>" : probeprov, arg0, copyinstr(arg1));
}
testapp*:::query-done /arg0 == 2/ { exit(0); }' -n '
BEGIN { printf("tracing\n"); }
tick-20s { printf("timed out\n"); exit(1); }' > "$trace" 2> "$notes" &
dt=$!
late_app "$dt" "$trace"
rc=$?
cat "$trace"
dt_ok "$rc" "dtrace -Z testapp*:::query-start"
