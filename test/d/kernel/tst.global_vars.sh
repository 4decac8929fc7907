# ASSERTION: kernel global variables that the kernel's BTF does not type
# (6.1 and 6.12 type only per-CPU variables there) are typed from the
# kernel's DWARF when its debug vmlinux is installed, and read right:
# an integer (nr_cpu_ids against the possible CPUs), a char pointer
# (saved_command_line against /proc/cmdline), a struct (init_task's pid
# and comm), a typedef'd struct (_totalram_pages), a char array
# (linux_banner against /proc/version), with and without the vmlinux`
# module. Without the debug vmlinux they are refused with
# D_SYM_NOTYPES, saying which package gives the types; and a debug
# vmlinux of another kernel is not used.
# test/vm/setup fetches the debug vmlinux (from linux-image-KVER-dbg)
# into build/vm; the test shows it to dtrace as the Debian package
# would install it, in a private mount namespace.
# @@timeout: 240
dtrace=$1
kver=$(uname -r)
top=$(cd "$(dirname "$0")/../../.." && pwd)
dbg=$top/build/vm/vmlinux-dbg-$kver
[ -s "$dbg" ] || { echo "no $dbg (test/vm/setup fetches it)"; exit 1; }
prog='BEGIN {
	printf("cpus %d\n", vmlinux`nr_cpu_ids);
	printf("cmdline %s\n", stringof(`saved_command_line));
	printf("init_task %d %s\n", `init_task.pid, `init_task.comm);
	printf("totalram %d\n", `_totalram_pages.counter > 0);
	printf("banner %s\n", stringof(`linux_banner));
	exit(0);
}'
# with_debug_file FILE CMD...: CMD where /usr/lib/debug/boot/vmlinux-KVER is FILE.
with_debug_file() {
	local f=$1
	shift
	unshare -m bash -c 'mount -t tmpfs none /usr/lib/debug && mkdir /usr/lib/debug/boot &&
		ln -s "$0" /usr/lib/debug/boot/vmlinux-$(uname -r) && exec "$@"' "$f" "$@"
}

with_debug_file "$dbg" "$dtrace" -qn "$prog" > /tmp/kvars.$$ 2>&1
echo "exit $?"
possible=$(cat /sys/devices/system/cpu/possible)
awk -v n=$((${possible#*-} + 1)) '$1 == "cpus" { print "cpus match:", $2 == n }' /tmp/kvars.$$
grep -qxF "cmdline $(cat /proc/cmdline)" /tmp/kvars.$$ && echo "cmdline matches"
grep -qx 'init_task 0 swapper/0' /tmp/kvars.$$ && echo "init_task matches"
grep -x 'totalram 1' /tmp/kvars.$$
# /proc/version is linux_banner's text
grep -qxF "banner $(cat /proc/version)" /tmp/kvars.$$ && echo "banner matches"
grep -v '^\(cpus\|cmdline\|init_task\|totalram\|banner\) ' /tmp/kvars.$$

# No debug vmlinux: refused, with the way to get the types.
"$dtrace" -xerrtags -qn 'BEGIN { trace(`max_pfn); exit(0); }' 2>&1 |
	sed "s/$kver/KVER/g"
echo "exit ${PIPESTATUS[0]}"
# Another kernel's debug vmlinux (the other supported kernel's, if
# fetched) is not used: its build ID differs.
other=$(ls "$top"/build/vm/vmlinux-dbg-* | grep -v -- "-$kver\$" | head -n1)
if [ -n "$other" ]; then
	with_debug_file "$other" "$dtrace" -qn 'BEGIN { trace(`max_pfn); exit(0); }' 2>&1 |
		grep -c D_SYM_NOTYPES\\\|'No type information'
	echo "exit ${PIPESTATUS[0]}"
else
	echo 1
	echo "exit 1"
fi
rm -f /tmp/kvars.$$
