#!/bin/sh
# Stacks under the bpf backend (doc/bpf.md, "Stacks"), natively: stack()
# and ustack() records and aggregation keys, and caller, stackdepth,
# ucaller and ustackdepth, their frames checked against what is known
# to call the probe (the system call entry path, the trigger's own
# functions), not only that something printed.
# usage: stacks_bpf.sh build/dtrace build/test/triggers/syscall-calls
#        build/test/triggers/pid-calls
dtrace=$1 calls=$2 pidcalls=$3
. "$(dirname "$0")/expect.sh"

# No frame of the probe mechanism (BPF programs, bpf_trace_run2,
# __bpf_trace_sys_enter) is printed: the top frame is where the
# tracepoint is called from, as under the module.
mech='bpf_prog_[0-9a-f]{16}|bpf_trace_run|__bpf_trace_|bpf_trampoline|^ *0x[0-9a-f]+$'
# stack() in a system call's entry probe: the entry path (do_syscall_64,
# then the entry code, the last frame) below the tracepoint's caller.
check stack_syscall 'echo "$out" | grep -q "^ *vmlinux\`do_syscall_64+0x" &&
	[ "$(echo "$out" | grep -v "^$" | tail -n 1 | sed "s/+.*//")" = "              vmlinux\`entry_SYSCALL_64_after_hwframe" ] &&
	! echo "$out" | grep -Eq "$mech"' -- \
	-q -n 'syscall::getppid:entry /pid == $target/ { stack(); exit(0); }' -c "$calls"
# The same at the call's return, through sdt, and as an aggregation key:
# seven getppid() calls make one key counted 7.
check stack_return 'echo "$out" | grep -q "^ *vmlinux\`do_syscall_64+0x" && ! echo "$out" | grep -Eq "$mech"' -- \
	-q -n 'syscall::getppid:return /pid == $target/ { stack(); exit(0); }' -c "$calls"
check stack_sdt 'echo "$out" | grep -q "^ *vmlinux\`do_syscall_64+0x" && ! echo "$out" | grep -Eq "$mech"' -- \
	-q -n 'sdt:::sys_enter /pid == $target && arg1 == 110/ { stack(); exit(0); }' -c "$calls"
check stack_key 'echo "$out" | grep -q "^ *vmlinux\`do_syscall_64+0x" && echo "$out" | grep -Eq "^ +7$" &&
	! echo "$out" | grep -Eq "$mech"' -- \
	-q -n 'syscall::getppid:entry /pid == $target/ { @[stack()] = count(); }' -c "$calls"
# caller is stack()'s first frame, stackdepth its frames' count.
check caller '[ -n "$out" ] && [ "$(echo "$out" | sed -n 1p)" = "$(echo "$out" | sed -n 3p)" ]' -- \
	-q -x noresolve -n 'syscall::getppid:entry /pid == $target/ {
		printf("              0x%x\n", caller); stack(1); exit(0); }' -c "$calls"
check stackdepth '[ -n "$out" ] && [ "$(echo "$out" | sed -n 1p)" -ge 2 ] &&
	[ "$(echo "$out" | sed -n 1p)" = "$(echo "$out" | grep -c "^ *0x")" ]' -- \
	-q -x noresolve -n 'syscall::getppid:entry /pid == $target/ { printf("%d\n", stackdepth); stack(); exit(0); }' \
	-c "$calls"
# stack() in BEGIN: the consumer's bpf() call (BPF_PROG_TEST_RUN), not
# the BPF program.
check stack_begin 'echo "$out" | grep -q "^ *vmlinux\`" && ! echo "$out" | grep -Eq "$mech"' -- \
	-q -n 'BEGIN { stack(); exit(0); }'
# ustack(): pid-calls calls top(5), which calls middle, which calls
# leaf: at leaf's entry the frames are leaf, middle, top, main, in that
# order; from a system call, getpid() then main.
check ustack_pid '[ "$(echo "$out" | grep -v "^$" | head -n 4 | sed "s/^ *//; s/+.*//")" = "pid-calls\`leaf
pid-calls\`middle
pid-calls\`top
pid-calls\`main" ]' -- -q -n 'pid$target:pid-calls:leaf:entry { ustack(); }' -c "$pidcalls"
check ustack_return '[ "$(echo "$out" | grep -v "^$" | head -n 3 | sed "s/^ *//; s/+.*//")" = "pid-calls\`middle
pid-calls\`top
pid-calls\`main" ]' -- -q -n 'pid$target:pid-calls:leaf:return { ustack(); }' -c "$pidcalls"
check ustack_n '[ "$(echo "$out" | grep -cv "^$")" = 2 ]' -- \
	-q -n 'pid$target:pid-calls:leaf:entry { ustack(2); }' -c "$pidcalls"
# From a system call: libc's getpid(), then main, which only the
# unwinding block gives (getpid() is a leaf: its frame pointer is main's,
# whose frame names main's caller), then what called main.
check ustack_syscall 'echo "$out" | grep -v "^$" | head -n 1 | grep -q "^ *libc.*\`.*getpid+0x" &&
	echo "$out" | grep -v "^$" | sed -n 2p | grep -q "^ *pid-calls\`main+0x" && ! echo "$out" | grep -q "pid-calls\`leaf"' -- \
	-q -n 'syscall::getpid:entry /pid == $target/ { ustack(); exit(0); }' -c "$pidcalls"
check ustack_key '[ "$(echo "$out" | grep -v "^$" | sed "s/^ *//; s/+.*//")" = "pid-calls\`leaf
pid-calls\`middle
pid-calls\`top
pid-calls\`main
1" ]' -- -q -n 'pid$target:pid-calls:leaf:entry { @[ustack(4)] = count(); }' -c "$pidcalls"
# ucaller: the user stack's second frame (middle's call of leaf), which
# uaddr() names as ustack() does; usym() the function; ustackdepth the
# frame-pointer frames' count (leaf, middle, top, main and libc's), as
# ustack() prints them without stack bytes (with them, the consumer
# unwinds further with call-frame information).
check ucaller '[ -n "$out" ] && [ "$(echo "$out" | sed -n 1p | sed "s/^ *//; s/ *$//")" = "$(echo "$out" | sed -n 4p | sed "s/^ *//")" ] &&
	echo "$out" | sed -n 1p | grep -q "pid-calls\`middle+0x" && [ "$(echo "$out" | sed -n 2p | sed "s/^ *//; s/ *$//")" = "pid-calls\`middle" ]' -- \
	-q -n 'pid$target:pid-calls:leaf:entry { uaddr(ucaller); printf("\n"); usym(ucaller); ustack(2); }' -c "$pidcalls"
check ustackdepth '[ -n "$out" ] && [ "$(echo "$out" | sed -n 1p)" -ge 4 ] &&
	[ "$(echo "$out" | sed -n 1p)" = "$(echo "$out" | sed 1d | grep -cv "^$")" ]' -- \
	-q -x ustackbytes=0 -n 'pid$target:pid-calls:leaf:entry { printf("%d\n", ustackdepth); ustack(); }' -c "$pidcalls"
exit $fail
