# ASSERTION: fbt entry arguments past the sixth come from the stack:
# do_mmap(file, addr, len, prot, flags, pgoff, populate, uf) on the
# test guest's 6.1 kernel; a mapping at page offset 2 has pgoff (arg5)
# 2 and populate (arg6), a pointer to the caller's local variable, on
# the kernel stack; args[6] is typed from BTF as unsigned long *.
# @@timeout: 90
"$1" -q -n '
fbt::do_mmap:entry
/execname == "python3" && arg5 == 2/
{
	printf("arg6 on the kernel stack: %d\n", arg6 >= 0xffff800000000000);
	printf("args[6] == arg6: %d, sizeof (*args[6]): %d\n",
	    (uint64_t)args[6] == arg6, sizeof (*args[6]));
	exit(0);
}
BEGIN { printf("tracing\n"); }' > /tmp/args_stack.$$ 2>&1 &
dt=$!
for i in $(seq 300); do grep -q tracing /tmp/args_stack.$$ && break; sleep 0.1; done
python3 -c 'import mmap
f = open("/etc/services", "rb")
m = mmap.mmap(f.fileno(), 4096, offset=8192, access=mmap.ACCESS_READ)'
wait $dt
grep -v tracing /tmp/args_stack.$$; rm -f /tmp/args_stack.$$
