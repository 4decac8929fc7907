# ASSERTION: -Z lets every description match nothing: dtrace -Z -n
# 'nosuch*:::' says it matched 0 probes and traces on, waiting for
# probes that may appear, until interrupted (exit status 0). (Without
# -Z it is an error: err.D_PDESC_ZERO tests.)
# @@timeout: 60
. "$(dirname "$0")/usdt_lib.sh"
notes=$(mktemp)
trap 'kill $dt 2> /dev/null; wait 2> /dev/null; rm -f "$notes"' EXIT
"$dtrace" -Z -n 'nosuch*:::' 2> "$notes" &
dt=$!
wait_for matched "$notes" "$dt"
sleep 1
kill -0 "$dt" && echo "still tracing"
kill -INT "$dt"
wait "$dt"
echo "status $?"
cat "$notes"
