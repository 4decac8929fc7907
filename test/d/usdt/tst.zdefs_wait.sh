# ASSERTION: -Z lets every description match nothing: dtrace -Z -n
# 'nosuch*:::' says it matched 0 probes and traces on, waiting for
# probes that may appear, until interrupted (exit status 0). (Without
# -Z it is an error: err.D_PDESC_ZERO tests.)
# @@timeout: 60
dtrace=$1
notes=$(mktemp)
trap 'kill $dt 2> /dev/null; wait 2> /dev/null; rm -f "$notes"' EXIT
"$dtrace" -Z -n 'nosuch*:::' 2> "$notes" &
dt=$!
for i in $(seq 600); do
	grep -q matched "$notes" && break
	kill -0 "$dt" || break
	sleep 0.1
done
sleep 1
kill -0 "$dt" && echo "still tracing"
kill -INT "$dt"
wait "$dt"
echo "status $?"
cat "$notes"
