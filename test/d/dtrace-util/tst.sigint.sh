# ASSERTION: SIGINT ends tracing cleanly: a newline, END runs, the
# aggregations are printed and dtrace exits 0.
dtrace=$1
out=$(mktemp)
$dtrace -q -n 'BEGIN { @a = sum(42); printf("started\n"); }' -n 'END { printf("end\n"); }' >"$out" 2>&1 &
pid=$!
for i in $(seq 1 200); do grep -q started "$out" && break; sleep 0.05; done
kill -INT $pid
wait $pid
rc=$?
cat "$out"
rm -f "$out"
echo "rc=$rc"
