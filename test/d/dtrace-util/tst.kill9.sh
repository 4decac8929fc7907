# ASSERTION: a consumer killed with SIGKILL mid-trace leaves nothing
# behind: closing its descriptor tears the enabling down (no warning in
# the kernel log), a new dtrace starts and traces at once, and the module
# unloads (it is loaded again for the tests that follow).
# @@timeout: 120
dtrace=$1
top=$(cd "$(dirname "$1")/.." && pwd)
out=/tmp/kill9.$$
before=$(dmesg | wc -l)
"$dtrace" -q -n 'syscall:::entry { @[probefunc] = count(); }
    tick-10ms { printf("tick\n"); }' > $out 2>&1 &
pid=$!
end=$((SECONDS + 60))
until grep -q tick $out || [ $SECONDS -ge $end ]; do sleep 0.2; done
kill -9 $pid
wait $pid
echo "first dtrace killed: exit $?"
"$dtrace" -q -n 'BEGIN { printf("second dtrace traces\n"); exit(0); }'
echo "second dtrace: exit $?"
rmmod dtrace
echo "rmmod: $?"
dmesg | tail -n +$((before + 1)) | grep -c 'WARNING\|BUG\|still enabled'
insmod "${DTVM_MODULE:-$top/build/kernel/dtrace.ko}"
echo "insmod: $?"
rm -f $out
