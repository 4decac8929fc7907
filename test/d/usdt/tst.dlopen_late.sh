# ASSERTION: a shared library with USDT probes (its own drti) that a
# running process dlopen()s registers them as it loads: before the
# load dllib<pid> has no probes, after it dllib<pid>:libdlopen_lib.so:
# dllib_run:fire is listed. A dtrace -Z -p started before the load,
# whose dllib$target:::fire matched nothing then, fires it with its
# arguments (late matching; the string by copyinstr: "lib N" for call N).
# @@timeout: 60
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/usdt_lib.sh"
dir=$(dirname "$dtrace")/test/usdt
out=$(mktemp)
trace=$(mktemp)
"$dir/dlopen_app" "$dir/libdlopen_lib.so" 100000 50 > "$out" &
pid=$!
trap 'kill $pid $dt 2> /dev/null; wait 2> /dev/null; rm -f "$out" "$trace"' EXIT
fields() { awk -v p="dllib$pid" 'NR > 1 && $2 == p { print "dllib<pid>", $3, $4, $5 }'; }
echo "before: $("$dtrace" -l -n 'dllib*:::' 2> /dev/null | fields | wc -l) probes"
"$dtrace" -Z -q -p "$pid" -n '
int n;
BEGIN { printf("tracing\n"); }
dllib$target:::fire /n < 3/
{
	n++;
	printf("%s %s %s\n", probemod, probefunc,
	    copyinstr(arg1) == strjoin("lib ", lltostr(arg0)) ? "lib N" :
	    copyinstr(arg1));
}
dllib$target:::fire /n == 3/ { exit(0); }
tick-20s { printf("timed out\n"); exit(1); }' > "$trace" &
dt=$!
wait_for tracing "$trace" "$dt"
kill -USR1 "$pid"
wait_for loaded "$out" "$pid"
cat "$out"
"$dtrace" -l -n "dllib$pid:::" | fields
dt_ok "${PIPESTATUS[0]}" "dtrace -l dllib$pid:::"
wait "$dt"
rc=$?
cat "$trace"
dt_ok "$rc" "dtrace -Z -p dlopen_app"
