# ASSERTION: fbt's lock-free table of pending returns holds under load:
# with the module loaded with 2 buckets (16 cells), the entry and return probes
# of the system calls' and file and path lookup functions enabled while
# 32 processes start looping on system calls and 32 go to sleep in hooked
# functions (run with --smp 2: both CPUs claim and free cells at once),
# the buckets overflow: the misses are counted and
# reported at the end of the session, at most as many as the entries
# whose return did not fire; the returns that were hooked fire. Then the
# module is unloaded while the sleepers' returns are still hooked (the
# trampoline in their stacks): they return normally, and the kernel log
# has no warning, oops or lockdep report. The module is loaded again
# with its defaults for the tests that follow.
# @@timeout: 900
. "$(dirname "$0")/../lib/need_provider.sh"
need_provider fbt
dtrace=$1
top=$(cd "$(dirname "$1")/.." && pwd)
ko=${DTVM_MODULE:-$top/build/kernel/dtrace.ko}
dir=$(mktemp -d /tmp/retscale.XXXXXX)
trap 'grep -q "^dtrace " /proc/modules || insmod "$ko"; rm -rf "$dir"' EXIT
rmmod dtrace && insmod "$ko" fbt_ret_buckets=2
echo "loaded with 2 buckets: $?"
before=$(dmesg | wc -l)
# Tracing ends when the processes are all in (a process named
# retscale_done exits), or after 120 s: the misses are then counted
# against the entries of the same window.
cp /bin/true "$dir/retscale_done"
"$dtrace" -q -n '
BEGIN { printf("tracing\n"); }
fbt:vmlinux:*sys_*:,fbt:vmlinux:vfs_*:,fbt:vmlinux:*nanosleep*:,
fbt:vmlinux:seq_*:,fbt:vmlinux:*proc_*:,fbt:vmlinux:*lookup*:
{ @[probename] = count(); }
proc:::exit /execname == "retscale_done"/ { exit(0); }
tick-1s /++s == 120/ { exit(0); }
END { printa("%s %@d\n", @); }' > "$dir/out" 2> "$dir/err" &
dt=$!
for i in $(seq 3000); do grep -q tracing "$dir/out" && break; sleep 0.1; done
for i in $(seq 32); do
	# Niced: the test's own steps get their share of the 2 CPUs.
	nice -n 19 bash -c 'while :; do read -r x < /proc/self/stat; done' &
	echo $! >> "$dir/loops"
	sleep 1000 &
	echo $! >> "$dir/sleeps"
done
# The loops end before tracing does: the session's end is not under load.
n=0
for p in $(cat "$dir/loops"); do kill "$p" && n=$((n + 1)); done
echo "loops alive: $n"
"$dir/retscale_done"
wait "$dt"; echo "dtrace exit: $?"
# The sleepers are in nanosleep, their returns hooked (or missed): the
# unwinder stops at the trampoline, which it names as the module's.
hooked=$(for p in $(cat "$dir/sleeps"); do cat /proc/$p/stack; done |
	grep -c '\[dtrace\]')
echo "tasks with a hooked return: $((hooked > 0))"
rmmod dtrace; echo "rmmod with returns pending: $?"
kill $(cat "$dir/sleeps")
n=0
for p in $(cat "$dir/sleeps"); do
	wait "$p"
	[ $? = 143 ] && n=$((n + 1))  # SIGTERM: returned from nanosleep
done
echo "sleepers back: $n"
wait 2>/dev/null
insmod "$ko"; echo "loaded again: $?"
e=$(awk '$1 == "entry" { print $2 }' "$dir/out")
r=$(awk '$1 == "return" { print $2 }' "$dir/out")
m=$(dmesg | tail -n +$((before + 1)) |
	sed -n 's/.*dtrace: fbt: \([0-9]*\) returns not hooked.*/\1/p' | head -1)
echo "returns fired: $((r > 1000))"
echo "misses reported: $((m > 0))"
# Tail calls and returns pending at either end account for the rest.
echo "misses at most entries not returned: $((m <= e - r + 1000))"
[ $((r > 1000 && m > 0 && m <= e - r + 1000)) = 1 ] ||
	echo "entries $e returns $r missed $m" >&2
dmesg | tail -n +$((before + 1)) |
	grep -E 'WARNING|BUG|Oops|general protection|lockdep|circular|stall' ||
	echo "kernel log clean"
cat "$dir/err" >&2
