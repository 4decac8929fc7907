# ASSERTION: one-liners of every provider the guest offers print the
# same, byte for byte, and exit the same under the module and under
# -x backend=bpf (issue 30): system calls, sdt, proc, sched, profile and
# tick, fbt at entry and return, pid, USDT of a -G object and of
# <sys/sdt.h>, BEGIN and END, aggregations of each function, stack() and
# ustack() keys, printf() and copyinstr(). Each traces a trigger of known
# behaviour (pid == $target), so both runs see the same events. A
# one-liner known to differ says why (differ REASON) and must differ, so
# that a fix takes it out. Failures go to stderr, which the runner
# shows. Needs the module loaded (the guest) and a
# dtrace that chooses the module by default: skipped elsewhere.
# @@timeout: 600
dtrace=$1
bin=$(dirname "$dtrace")
calls=$bin/test/triggers/syscall-calls
[ -c /dev/dtrace ] || { echo "no /dev/dtrace: the module is not loaded" >&2; exit 77; }
"$dtrace" -V 2>&1 | grep -q 'backend: module' ||
	{ echo "this dtrace does not run the module by default: $("$dtrace" -V 2>&1 | tail -n1)" >&2; exit 77; }
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
		echo "FAIL $name: the module's run printed nothing or an error: $(head -c 300 "$tmp/module")" >&2
		fail=1
	elif [ $a = $b ] && cmp -s "$tmp/module" "$tmp/bpf"; then
		if [ -n "$why" ]; then
			echo "FAIL $name: now the same under both backends: take it out of the differing ones ($why)" >&2
			fail=1
		else
			echo "ok $name"
		fi
	elif [ -n "$why" ]; then
		echo "ok $name differs: $why"
	else
		echo "FAIL $name: exit $a under the module, $b under bpf" >&2
		diff "$tmp/module" "$tmp/bpf" | head -n 20 >&2
		fail=1
	fi
}

t='pid == $target'
same syscall_wide -n "syscall:::entry /$t/ { @[probefunc] = count(); }" -c "$calls"
same syscall_errno -n "syscall:::return /$t/ { @[probefunc, errno] = count(); }" -c "$calls"
same syscall_aggs -n "syscall::close:entry /$t/ { @q = quantize(arg0); @l = lquantize(arg0, 1000, 1003, 1);
	@s = sum(arg0); @a = avg(arg0); @mn = min(arg0); @mx = max(arg0); @sd = stddev(arg0); }" -c "$calls"
same syscall_printf -n "syscall::close:entry /$t/ { printf(\"%s %d %d\\n\", probefunc, arg0, errno); }" -c "$calls"
same sdt -n "sdt:::sched_process_exit /$t/ { @[execname] = count(); }" -c "$calls"
same proc -n "proc:::exit /$t/ { @[execname, args[0]] = count(); }" -c "$calls"
same sched -n "sched:::off-cpu /$t/ { @[execname] = max(1); }" -c "$calls"
same profile -n "profile-997 /$t/ { @[execname] = max(1); }" -c "sh -c 'i=0; while [ \$i -lt 100000 ]; do i=\$((i + 1)); done'"
same stack -n "syscall::getppid:entry /$t/ { @[stack()] = count(); }" -c "$calls"
same fbt_wide -n "fbt::vfs_*:entry /$t/ { @[probefunc] = count(); } fbt::vfs_*:return /$t/ { @r[probefunc, arg1 >= 0] = count(); }" -c "cat /etc/hostname"
same pid -n 'pid$target::main:entry { @[probefunc] = count(); } pid$target::main:return { @r[arg1] = count(); }' -c "$calls"
# Aggregations only where the target prints: its output comes before
# theirs, where it could come before or after a record's.
same usdt -n 'testapp$target:::query-start { @s[arg0, copyinstr(arg1)] = count(); }
	testapp$target:::query-done { @[probename] = sum(arg1); }' -c "$bin/test/usdt/usdt_app 3"
if [ -x "$bin/test/triggers/stap-sdt" ]; then
	same stapsdt -n 'trig$target:::work { printf("%d %d %s\n", arg0, arg1, copyinstr(arg2)); }
		trig$target:::done { @[arg0] = count(); }' -c "$bin/test/triggers/stap-sdt"
fi
same begin_end -n 'BEGIN { x = 5; } END { printf("%d %s\n", x, "end"); }' -n 'tick-1s { exit(0); }'
# The trigger has no frame pointers: its frames come from the
# unwinding block the key keeps.
same ustack_key -n "syscall::getppid:entry /$t/ { @[ustack(3)] = count(); }" -c "$calls"
echo "$n one-liners"
exit $fail
