# ASSERTION: fbt entry arguments past the sixth come from the stack:
# do_mmap(file, addr, len, prot, flags, [vm_flags,] pgoff, populate, uf)
# (6.1 has no vm_flags, 6.12 has: the indexes are read from the probe's
# BTF types, populate being the one unsigned long *); a mapping at page
# offset 2 has pgoff 2, and populate, a pointer to the caller's local
# variable, is on the kernel stack, typed from BTF as unsigned long *.
# @@timeout: 90
. "$(dirname "$0")/../lib/status.sh"
pop=$(set -o pipefail; "$1" -lv -n fbt::do_mmap:entry |
	sed -n 's/^[[:space:]]*args\[\([0-9]*\)\]: unsigned long \*$/\1/p' | head -n1)
dt_ok $? "dtrace -lv fbt::do_mmap:entry"
case "$pop" in
6|7) ;;
*) echo "do_mmap's populate argument not found (args[$pop])"; exit 1 ;;
esac
pg=$((pop - 1))
"$1" -q -n "
fbt::do_mmap:entry
/execname == \"python3\" && arg$pg == 2/
{
	printf(\"populate on the kernel stack: %d\n\", arg$pop >= 0xffff800000000000);
	printf(\"args[$pop] == arg$pop: %d, sizeof (*args[$pop]): %d\n\",
	    (uint64_t)args[$pop] == arg$pop, sizeof (*args[$pop]));
	exit(0);
}
BEGIN { printf(\"tracing\n\"); }" > /tmp/args_stack.$$ 2>&1 &
dt=$!
for i in $(seq 300); do grep -q tracing /tmp/args_stack.$$ && break; sleep 0.1; done
python3 -c 'import mmap
f = open("/etc/services", "rb")
m = mmap.mmap(f.fileno(), 4096, offset=8192, access=mmap.ACCESS_READ)'
wait $dt
rc=$?
grep -v tracing /tmp/args_stack.$$ |
	sed "s/args\[$pop\] == arg$pop/args[populate] == its arg/; s/args\[$pop\]/args[populate]/g"
rm -f /tmp/args_stack.$$
dt_ok $rc "dtrace fbt::do_mmap:entry"
