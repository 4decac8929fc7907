# ASSERTION: the module cannot be unloaded while a consumer has
# /dev/dtrace open with probes enabled; the consumer is unaffected.
# Should the unload succeed (a consumer that holds no reference, as
# under the bpf backend), the module is loaded again for the tests that
# follow.
ko=${DTVM_MODULE:-$(cd "$(dirname "$1")" && pwd)/kernel/dtrace.ko}
"$1" -q -n 'tick-100ms { n++; } tick-2s { printf("ticks: %d\n", n > 0); exit(0); }' &
dt=$!
sleep 1
if rmmod dtrace 2>/dev/null; then
	echo "rmmod succeeded with a consumer open"
	insmod "$ko"
fi
wait "$dt"
echo "dtrace exit: $?"
grep -c '^dtrace ' /proc/modules
