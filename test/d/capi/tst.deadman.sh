# ASSERTION: a C API consumer that stops asking for status (SIGSTOP) for
# longer than the module's deadman period (30 s) has its tracing killed:
# once it runs again dtc_consume() returns DTC_WORK_ERROR and dtc_errmsg()
# says why in DTrace's words; the program exits 1 after printing what it
# had traced.
# @@timeout: 150
example="$(dirname "$1")/dtrace_capi_example"
out=/tmp/capi_deadman.$$
"$example" 'BEGIN { printf("started\n"); } tick-100ms { @ = count(); }' > $out 2> $out.err &
pid=$!
end=$((SECONDS + 60))
until grep -q probes $out.err || [ $SECONDS -ge $end ]; do sleep 0.2; done
sleep 2
kill -STOP $pid
sleep 40
kill -CONT $pid
wait $pid
echo "rc=$?"
cat $out $out.err
rm -f $out $out.err
