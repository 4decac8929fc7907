# ASSERTION: a hardware counter probe fires where the CPU has a PMU
# (perf's "cpu" event source); where it has none (the QEMU TCG guest)
# the enabling fails with a plain "Operation not supported" and exit
# status 1. Which of the two is expected comes from sysfs, not from
# dtrace's answer.
# @@timeout: 60
pmu=no
for d in /sys/bus/event_source/devices/cpu /sys/bus/event_source/devices/cpu_core; do
	[ -e "$d" ] && pmu=yes
done
out=$("$1" -q -n 'cpc:::cpu-cycles-kernel-100000 { printf("fired\n"); exit(0); }' 2>&1)
rc=$?
case "$pmu:$rc:$out" in
yes:0:fired) echo ok ;;
no:1:*"Operation not supported"*) echo ok ;;
*) echo "pmu $pmu, rc $rc: $out" ;;
esac
