#!/bin/bash
# One-liners of each provider under both backends, in the guest with the
# module loaded (test/vm/run -- test/bpf/backends_guest.sh build/dtrace
# build/test/triggers/syscall-calls): each runs once under the module and
# once under -x backend=bpf, and the two outputs and exit statuses must
# be the same byte for byte (issue 30). Each traces only a trigger of
# known behaviour (pid == $target), so both runs see the same calls
# (fbt's: cat, whose file system calls go through vfs_*; 16 or more
# functions share one kprobe program under bpf, doc/bpf.md). A
# one-liner known to differ says why (differ REASON); it must differ,
# so that a fix takes it out.
dtrace=$1 calls=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0

# same NAME DTRACE-ARGS...: both backends print the same.
# differ REASON NAME DTRACE-ARGS...: they do not (yet), for REASON.
same() { compare "" "$@"; }
differ() { compare "$@"; }
compare() {
	local why=$1 name=$2 a b
	shift 2
	"$dtrace" -q "$@" >"$tmp/module" 2>&1
	a=$?
	"$dtrace" -x backend=bpf -q "$@" >"$tmp/bpf" 2>&1
	b=$?
	n=$((n + 1))
	if ! grep -q '[^[:space:]]' "$tmp/module" || grep -q '^dtrace:' "$tmp/module"; then
		echo "FAIL $name: the module's run printed nothing or an error: $(head -c 300 "$tmp/module")"
		fail=1
	elif [ $a = $b ] && cmp -s "$tmp/module" "$tmp/bpf"; then
		if [ -n "$why" ]; then
			echo "FAIL $name: now the same under both backends: take it out of the differing ones ($why)"
			fail=1
		else
			echo "ok $name ($(wc -l <"$tmp/module") lines)"
		fi
	elif [ -n "$why" ]; then
		echo "ok $name differs: $why"
	else
		echo "FAIL $name: exit $a under the module, $b under bpf"
		diff "$tmp/module" "$tmp/bpf" | head -n 20
		fail=1
	fi
}

t='pid == $target'
same syscall_wide -n "syscall:::entry /$t/ { @[probefunc] = count(); }" -c "$calls"
same syscall_errno -n "syscall:::return /$t/ { @[probefunc, errno] = count(); }" -c "$calls"
same syscall_dists -n "syscall::close:entry /$t/ { @q = quantize(arg0); @l = lquantize(arg0, 1000, 1003, 1); @s = sum(arg0); }" -c "$calls"
same syscall_printf -n "syscall::close:entry /$t/ { printf(\"%s %d %d\\n\", probefunc, arg0, errno); }" -c "$calls"
same sdt -n "sdt:::sched_process_exit /$t/ { @[execname] = count(); }" -c "$calls"
same proc -n "proc:::exit /$t/ { @[execname, args[0]] = count(); }" -c "$calls"
same stack -n "syscall::getppid:entry /$t/ { @[stack()] = count(); }" -c "$calls"
same fbt_wide -n "fbt::vfs_*:entry /$t/ { @[probefunc] = count(); } fbt::vfs_*:return /$t/ { @r[probefunc, arg1 >= 0] = count(); }" -c "cat /etc/hostname"
same pid -n 'pid$target::main:entry { @[probefunc] = count(); } pid$target::main:return { @r[arg1] = count(); }' -c "$calls"
same begin_end -n 'BEGIN { x = 5; } END { printf("%d %s\n", x, "end"); }' -n 'tick-1s { exit(0); }'
differ "a ustack() aggregation key keeps no unwinding block under bpf (frame pointers only: the trigger has none)" \
	ustack_key -n "syscall::getppid:entry /$t/ { @[ustack(3)] = count(); }" -c "$calls"
echo "backends_guest: $n one-liners"
exit $fail
