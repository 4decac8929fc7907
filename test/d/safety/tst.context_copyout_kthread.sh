# ASSERTION: copyout()/copyoutstr() in a probe that fires in a kernel
# thread (the idle task under profile, hard interrupt; a kernel thread
# leaving the CPU under sched:::off-cpu, process context) write nothing
# and give an ERROR "invalid address": a kernel thread runs on whatever
# user address space was loaded last, so a write there would land in
# another process. copyin() there reads nothing either. A process keeps a page at a fixed address that those
# writes name; it sleeps so that its address space stays loaded on idle
# CPUs, and reports whether the page changed.
# @@timeout: 90
dtrace=$1
addr=0x7e0000000000
python3 - "$addr" > /tmp/context_victim.$$ <<'PY' &
import mmap, sys, time, ctypes
addr = int(sys.argv[1], 16)
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                      ctypes.c_int, ctypes.c_int, ctypes.c_long]
p = libc.mmap(addr, 4096, 3, 0x22 | 0x100000, -1, 0)  # FIXED_NOREPLACE
if p != addr:
    print("mmap failed"); sys.exit(1)
buf = (ctypes.c_char * 4096).from_address(addr)
ctypes.memset(addr, ord('A'), 4096)
end = time.time() + 6
while time.time() < end:
    time.sleep(0.001)
print("intact" if buf.raw == b'A' * 4096 else "changed: %r" % buf.raw[:4])
PY
victim=$!
sleep 0.5
"$dtrace" -w -q -n "profile-4999 /pid == 0/ { copyoutstr(\"X\", $addr, 2); }
    sched:::off-cpu /pid != 0 && (curthread->flags & 0x00200000)/ {
        copyout(alloca(8), $addr, 1); }
    profile-4999 /pid == 0/ { this->c = *(char *)copyin($addr, 1);
        @read = count(); }
    tick-4s { exit(0); } END { printa(\"copyin read %@d\\n\", @read); }" \
    2> /tmp/context_err.$$
echo "dtrace exit $?"
wait $victim
cat /tmp/context_victim.$$
# Each clause faulted at least once, and only with "invalid address".
grep -q 'profile-4999): invalid address (0x7e0000000000)' /tmp/context_err.$$ &&
    echo "profile: invalid address"
grep -q 'off-cpu): invalid address (0x7e0000000000)' /tmp/context_err.$$ &&
    echo "off-cpu: invalid address"
grep -v 'invalid address (0x7e0000000000)' /tmp/context_err.$$
rm -f /tmp/context_victim.$$ /tmp/context_err.$$
