# ASSERTION: the module's ioctl interface passes its end-to-end smoke test
# (test/kcore/ioctl_smoke.c): enabling, records, faults, aggregations,
# stacks, a killed consumer, and rmmod refused while open but accepted
# after close. The module is loaded again afterwards for the tests that
# follow.
# @@timeout: 120
top=$(cd "$(dirname "$1")/.." && pwd)
"$top/build/test/kcore/ioctl_smoke" --rmmod > /tmp/smoke.$$ 2>&1
rc=$?
tail -n 1 /tmp/smoke.$$
[ $rc = 0 ] || cat /tmp/smoke.$$ >&2
rm -f /tmp/smoke.$$
lsmod | grep -q '^dtrace ' || insmod "${DTVM_MODULE:-$top/build/kernel/dtrace.ko}" || exit 1
[ -c /dev/dtrace ] || { echo "no /dev/dtrace after reloading" >&2; exit 1; }
exit $rc
