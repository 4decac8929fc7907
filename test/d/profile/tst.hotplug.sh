# ASSERTION: profile-N follows CPU hotplug. CPU 1 goes offline while
# profile-100 is enabled and comes back: it fires again once online
# (about 5/7 of CPU 0's count over on 2 s, off 2 s, on 3 s), and CPU 0
# never fires faster than the 100 Hz the probe asks for (a timer handed
# over from the leaving CPU would double it).
# @@timeout: 90
dtrace=$1
online=/sys/devices/system/cpu/cpu1/online
if [ ! -w "$online" ]; then
	echo "cannot offline CPU 1 here" >&2
	exit 1
fi
out=$(mktemp)
$dtrace -q -n '
BEGIN { start = timestamp; printf("started\n"); }
profile-100 /cpu == 0/ { n0++; }
profile-100 /cpu == 1/ { n1++; }
END {
	ticks = (timestamp - start) / 10000000;
	printf("cpu1 fires again when online: %d\n", n1 * 100 / n0 > 45);
	printf("cpu0 at most its own rate: %d\n", n0 * 100 / ticks <= 130);
}' >"$out" 2>&1 &
pid=$!
for i in $(seq 1 400); do grep -q started "$out" && break; sleep 0.05; done
sleep 2
echo 0 >"$online"
sleep 2
echo 1 >"$online"
sleep 3
kill -INT $pid
wait $pid
rc=$?
grep -v started "$out"
rm -f "$out"
echo "rc=$rc"
