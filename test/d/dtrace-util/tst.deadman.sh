# ASSERTION: a consumer that stops asking for status (here SIGSTOP) for
# longer than the module's deadman period (30 s) has its tracing killed;
# once it runs again it says so as DTrace does ("processing aborted:
# Abort due to systemic unresponsiveness"), still prints what it had,
# and exits 1.
# @@timeout: 150
dtrace=$1
out=/tmp/deadman.$$
"$dtrace" -q -n 'BEGIN { printf("started\n"); } tick-100ms { @ = count(); }' > $out 2> $out.err &
pid=$!
end=$((SECONDS + 60))
until grep -q started $out || [ $SECONDS -ge $end ]; do sleep 0.2; done
kill -STOP $pid
sleep 40
kill -CONT $pid
wait $pid
echo "exit $?"
head -n 1 $out
cat $out.err
grep -c '[0-9]' $out
rm -f $out $out.err
