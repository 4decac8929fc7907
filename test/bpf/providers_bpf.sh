#!/bin/sh
# The bpf backend's kernel providers beyond dtrace, profile and syscall
# (doc/bpf.md), natively: probe names as the module gives them, and
# firings counted against what a trigger of ours is known to do.
# usage: providers_bpf.sh build/dtrace build/test/triggers/syscall-calls
#        build/test/triggers/pid-calls build/test/triggers/proc-calls
#        [build/test/triggers/stap-sdt]
dtrace=$1 calls=$2 pidcalls=$3 proccalls=$4 stapsdt=${5:-}
. "$(dirname "$0")/expect.sh"

# sdt: sdt:<system>::<tracepoint>, the system "vmlinux" while tracefs is
# not mounted (as the module's), the event's system once it is (here in
# a mount namespace of its own, leaving the host's mounts alone).
if mountpoint -q /sys/kernel/tracing; then sys=raw_syscalls; else sys=vmlinux; fi
check sdt_list '[ "$(echo "$out" | awk "NR > 1 { print \$2, \$3, \$4 }")" = "sdt $sys sys_enter" ]' -- \
	-l -n sdt:::sys_enter
if [ "$sys" = vmlinux ] && unshare -m true 2>/dev/null; then
	out=$(unshare -m sh -c 'mount -t tracefs nodev /sys/kernel/tracing &&
		"$0" -x backend=bpf -l -n sdt:::sys_enter -n sdt:sched::sched_process_exit' "$dtrace" 2>&1 |
		awk 'NR > 1 { print $2, $3, $4 }')
	if [ "$out" = "sdt raw_syscalls sys_enter
sdt sched sched_process_exit" ]; then
		echo "ok sdt_list_tracefs"
	else
		echo "FAIL sdt_list_tracefs: $out"
		fail=1
	fi
fi
# A bare name is sdt's only when it is a tracepoint's.
check sdt_bare '[ "$(echo "$out" | awk "NR > 1 { print \$2, \$4 }")" = "sdt sched_process_exit" ]' -- \
	-l -n sched_process_exit
# syscall-calls closes descriptors it never opened six times (each
# returning -EBADF: raw_syscalls:sys_exit's arg1) and exits once.
expect sdt_fire 0 "
                6
                1" "" -- -q -n '
	sdt:::sys_exit /pid == $target && arg1 == -9/ { @c = count(); }
	sdt:::sched_process_exit /pid == $target/ { @x = count(); }' -c "$calls"
# fbt: fbt:vmlinux:FUNCTION:entry and :return from vmlinux's BTF, as the
# module's, on x86-64's system call wrapper of dup() (which every kernel
# since 4.17 has, where the functions it calls change), its argument
# the registers. syscall-calls with an argument of 5 dups descriptor
# 1003 (not open) five times, each returning -EBADF (-9); return's arg0
# is 0, as the module's. Where the kernel refuses fentry programs and
# has no kprobes (this project's development host), the refusal must
# say so (BEGIN ends the run at once: nothing need call the function).
if [ "$(uname -m)" = x86_64 ]; then
	check fbt_list '[ "$(echo "$out" | awk "NR > 1 { print \$2, \$3, \$4, \$5 }")" = "fbt vmlinux __x64_sys_dup entry
fbt vmlinux __x64_sys_dup return" ]' -- -l -n fbt::__x64_sys_dup:
	if "$dtrace" -x backend=bpf -q -n 'fbt::__x64_sys_dup:entry { } BEGIN { exit(0); }' 2>&1 >/dev/null |
		grep -q 'the kernel refused its fentry program (a BPF trampoline)'; then
		expect fbt_refused 1 "" "probe fbt:vmlinux:__x64_sys_dup:entry: the kernel refused its fentry program (a BPF trampoline)" -- \
			-q -n 'fbt::__x64_sys_dup:entry { } BEGIN { exit(0); }'
	else
		expect fbt_fire 0 "
             1003                5
                0               -9                5" "" -- -q -n '
			fbt::__x64_sys_dup:entry /pid == $target/ { @e[*(long *)(arg0 + 112)] = count(); }
			fbt::__x64_sys_dup:return /pid == $target/ { @r[arg0, arg1] = count(); }' -c "$calls 5"
	fi
fi
# A loaded module's functions, from its split BTF, listed under its name
# (where a module with BTF is loaded: not on this project's host).
mod=$(ls /sys/kernel/btf 2>/dev/null | grep -vx vmlinux | head -n 1)
if [ -n "$mod" ]; then
	check fbt_module_list '[ -n "$(echo "$out" | awk "NR > 1")" ] &&
		[ -z "$(echo "$out" | awk -v m="$mod" "NR > 1 && (\$2 != \"fbt\" || \$3 != m || \$5 != \"entry\")")" ]' -- \
		-l -n "fbt:$mod::entry"
fi
# pid: uprobes at the functions' entry, return and an offset in them,
# for the target alone. pid-calls calls add_args(i, 10 * i) for i = 1 to
# 3 (returning 11 * i), malloc(1000 + i) for each, and leaf(5) once.
check pid_list '[ "$(echo "$out" | awk "NR > 1 { print \$3, \$4, \$5 }")" = "pid-calls add_args entry
pid-calls add_args return" ]' -- -l -n 'pid$target:pid-calls:add_args:' -c "$pidcalls"
expect pid_fire 0 "
                1               10                1
                2               20                1
                3               30                1
                0               11                1
                0               22                1
                0               33                1
             1001                1
             1002                1
             1003                1
                5                1" "" -- -q -n '
	pid$target:pid-calls:add_args:entry { @e[arg0, arg1] = count(); }
	pid$target:pid-calls:add_args:return { @r[arg0, arg1] = count(); }
	pid$target::malloc:entry { @m[arg0] = count(); }
	pid$target:pid-calls:leaf:1 { @o[arg0] = count(); }' -c "$pidcalls"
# USDT from .note.stapsdt (built where <sys/sdt.h> is): stap-sdt fires
# trig:::work(i, 100 * i, name) for i = 1 to 3, each counted in done's
# arg0 when work's semaphore is set, which it is only while work is
# enabled.
if [ -x "$stapsdt" ]; then
	expect usdt_fire 0 "work 1 100
work 2 200
work 3 300
done 3" "" -- -q -n '
		trig$target:::work { printf("work %d %d\n", arg0, arg1); }
		trig$target:::done { printf("done %d\n", arg0); }' -c "$stapsdt"
	expect usdt_semaphore 0 "done 0" "" -- -q -n '
		trig$target:stap-sdt:main:done { printf("done %d\n", arg0); }' -c "$stapsdt"
	# Its arguments' types are their sizes in the note, as the module's.
	check usdt_types '[ "$(echo "$out" | grep "args\[")" = "$(printf "\t\targs[0]: int32_t\n\t\targs[1]: int64_t\n\t\targs[2]: uint64_t")" ]' -- \
		-lv -n 'trig$target:::work' -c "$stapsdt"
else
	echo "usdt: skipped: no stap-sdt trigger (systemtap-sdt-dev, scripts/deps.sh)"
fi
# USDT of a -G object (test/usdt/usdt_app): made from drti's records,
# whose registration no device takes here, with the types its provider
# definition (test/usdt/testapp.d) gives and, for DTRACE_PROBE1's site,
# none (uint64_t), as the module's from drti's program.
app=$(dirname "$dtrace")/test/usdt/usdt_app
check drti_types '[ "$(echo "$out" | grep "args\[")" = "$(printf "\t\targs[0]: int\n\t\targs[1]: char *\n\t\targs[0]: uint64_t")" ]' -- \
	-lv -n 'testapp$target:usdt_app:query:query-start' -n 'testapp$target:usdt_app:main:plain' -c "$app 1"
# A -G probe of twelve arguments (test/usdt/wide_app.c, wideapp.d):
# every one readable as under the module, args[0] to args[11] with the
# declared types and arg0 to arg9 raw, the 7th to 12th from the stack
# the site pushed them on, the strings (args[8], args[11]) through
# copyinstr(). Iteration 1: 2 2 3 4 5 7 7 -9 "eight1" -10 (a short, which
# %d prints as the module does, 65526) 100000000001
# "eleven1"; the raw arguments are the site's longs (usdt/dtrace_sdt.h).
wide=$(dirname "$dtrace")/test/usdt/wide_app
expect usdt_twelve 0 "args 2 2 3 4 5 7 7 -9 eight1 65526 100000000001 eleven1
raw 2 2 3 4 5 7 7 -9 eight1 -10" "" -- -q -n '
	wideapp$target:::twelve /args[0] == 2/ {
		printf("args %d %d %d %d %d %d %d %d %s %d %d %s\n", args[0], args[1], args[2],
		    args[3], args[4], args[5], args[6], args[7], copyinstr((uintptr_t)args[8]),
		    args[9], args[10], copyinstr((uintptr_t)args[11]));
		printf("raw %d %d %d %d %d %d %d %d %s %d\n", arg0, arg1, arg2, arg3, arg4,
		    arg5, arg6, arg7, copyinstr(arg8), arg9);
	}' -c "$wide 2"
# A traced -G process that forks (test/usdt/fork_app: two children, three
# iterations each): its forks succeed (an inherited per-thread uprobe
# event failed them EFAULT), its own three firings counted and none of
# its children's, whose forkapp<pid> probes are not its own.
forkapp=$(dirname "$dtrace")/test/usdt/fork_app
check usdt_fork '[ "$out" = "parent 3 children 0" ]' -- -q -n '
	forkapp$target:::work { n++; }
	forkapp$target:::work /pid != $target/ { c++; }
	END { printf("parent %d children %d\n", n - c, c); }' -c "$forkapp 2 3 20"
# A thread the process makes after the uprobes are planted fires too
# (the kernel's uprobe events go by the process's memory map): python's
# second thread calls getppid() five times.
cat >"$tmp/thread.py" <<'EOF2'
import os, threading, time
time.sleep(0.5)
t = threading.Thread(target=lambda: [os.getppid() for _ in range(5)])
t.start()
t.join()
EOF2
expect pid_thread 0 "thread 5" "" -- -q -n '
	pid$target:libc.so.6:getppid:entry /tid != pid/ { n++; }
	END { printf("thread %d\n", n); }' -c "python3 $tmp/thread.py"
# proc: the stable provider's probes on their tracepoints, with the
# module's arguments. proc-calls forks three children, fails two
# execve()s with -ENOENT (-2), sends itself SIGUSR1 (10, ignored) four
# times and SIGUSR2 (12, handled) five times, then exits (CLD_EXITED, 1).
# Each child starts (proc:::start in it, its parent the target), no
# thread does (lwp-start: none).
expect proc_fire 0 "c 3
s 3
f -2 2
d 10 4
n 12 5
h 12 5
x 1 1" "" -- -q -n '
	proc:::create /pid == $target/ { @c = count(); }
	proc:::start /ppid == $target/ { @s = count(); }
	proc:::lwp-start /pid == $target || ppid == $target/ { @ls = count(); }
	proc:::exec-failure /pid == $target/ { @f[arg0] = count(); }
	proc:::signal-discard /pid == $target && arg1 == 10/ { @d[arg1] = count(); }
	proc:::signal-send /pid == $target/ { @n[arg1] = count(); }
	proc:::signal-handle /pid == $target/ { @h[arg0] = count(); }
	proc:::exit /pid == $target/ { @x[arg0] = count(); }
	proc:::lwp-exit /pid == $target/ { @l = count(); }
	END { printa("c %@d\n", @c); printa("s %@d\n", @s); printa("ls %@d\n", @ls);
		printa("f %d %@d\n", @f); printa("d %d %@d\n", @d);
		printa("n %d %@d\n", @n); printa("h %d %@d\n", @h); printa("x %d %@d\n", @x);
		printa("l %@d\n", @l); }' -c "$proccalls"
# ip: send and receive of loopback UDP datagrams to port 41239 (0xa117),
# three over IPv4 and, where lo has ::1, two over IPv6: arg2 the IPv4
# header or arg3 the IPv6 one, arg4 the same header, arg1 the device.
printf 'for i in 1 2 3; do echo x > /dev/udp/127.0.0.1/41239; done\n' >"$tmp/udp.sh"
want="receive 4 3
send 4 3"
if grep -q '^0*1 .* lo$' /proc/net/if_inet6 2>/dev/null; then
	printf 'for i in 1 2; do echo x > /dev/udp/::1/41239; done\n' >>"$tmp/udp.sh"
	want="receive 6 2
send 6 2
$want"
fi
expect ip_fire 0 "$want" "" -- -q -n '
	ip:::send, ip:::receive /arg1 != 0 && arg2 != 0 && arg3 == 0 && arg4 == arg2 &&
	    *(uint8_t *)(arg4 + 9) == 17 && *(uint8_t *)(arg4 + 22) == 0xa1 && *(uint8_t *)(arg4 + 23) == 0x17/
	{ @[probename, 4] = count(); }
	ip:::send, ip:::receive /arg1 != 0 && arg2 == 0 && arg3 != 0 && arg4 == arg3 &&
	    *(uint8_t *)(arg4 + 6) == 17 && *(uint8_t *)(arg4 + 42) == 0xa1 && *(uint8_t *)(arg4 + 43) == 0x17/
	{ @[probename, 6] = count(); }
	END { printa("%s %d %@d\n", @); }' -c "bash $tmp/udp.sh"
# io: start and done of a file's write (dd with fsync: 256 KiB in
# page cache pages of a named file), on block_rq_issue and
# block_rq_complete, with io.d's translated arguments as under the
# module: the device (dev_major, dev_minor) the file is on, its name,
# file system and offset 0, b_bcount adding up to what was written.
# Skipped where $tmp is on no block device (tmpfs, overlay).
iof=$tmp/dtbpf-io-$$.dat
: >"$iof"
iodev=$(stat -c '%Hd:%Ld' "$iof")
iofs=$(findmnt -no FSTYPE -T "$iof" 2>/dev/null)
if [ -e "/sys/dev/block/$iodev" ] && [ -n "$iofs" ]; then
	expect io_fire 0 "write 262144 dev $iodev fs $iofs offset 0 done 1" "" -- -q -n '
		io:::start /args[2]->fi_name == "'"${iof##*/}"'" && args[0]->b_flags & B_WRITE/ {
			@n = sum(args[0]->b_bcount); @o = min(args[2]->fi_offset);
			maj = args[1]->dev_major; mnr = args[1]->dev_minor; fs = args[2]->fi_fs; }
		io:::done /args[2]->fi_name == "'"${iof##*/}"'"/ { @d = max(1); }
		END { printa("write %@d", @n); printf(" dev %d:%d fs %s", maj, mnr, fs);
			printa(" offset %@d", @o); printa(" done %@d\n", @d); }' \
		-c "dd if=/dev/zero of=$iof bs=64k count=4 conv=fsync status=none"
else
	echo "io: skipped: $tmp is on no block device"
fi
# udp: the same datagrams (2 bytes of payload, "x\n")
# through udp.d's translators: the IP version, udp_length, the port
# from this host's side (send's remote, receive's local) and whether
# there is a socket: send's the sender's, receive's none (nothing
# listens on 41239, so the module's lookup finds none either).
want="receive 4 10 41239 0 3
send 4 10 41239 1 3"
if grep -q '^0*1 .* lo$' /proc/net/if_inet6 2>/dev/null; then
	want="receive 6 10 41239 0 2
send 6 10 41239 1 2
$want"
fi
expect udp_fire 0 "$want" "" -- -q -n '
	udp:::send, udp:::receive /args[4]->udp_dport == 41239/ {
		@[probename, args[2]->ip_ver, args[4]->udp_length,
		    probename == "send" ? args[3]->udps_rport : args[3]->udps_lport,
		    args[3]->udps_addr != 0] = count(); }
	END { printa("%s %d %d %d %d %@d\n", @); }' -c "bash $tmp/udp.sh"
# tcp send: a loopback connection to port 41241 (a python3 listener and
# client, 100 bytes sent): through tcp.d, the client's SYN from its
# socket in SYN_SENT, the server's SYN-ACK from a request socket (no
# socket passed, its state SYN_RECEIVED, as the module's
# tcp_seg_fire()), the data segment from the client's established socket
# with its ports.
cat >"$tmp/tcp.py" <<'PY'
import socket
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 41241)); s.listen(1)
c = socket.create_connection(("127.0.0.1", 41241)); a, _ = s.accept()
c.sendall(b"x" * 100); a.recv(1000); c.close(); a.close(); s.close()
PY
expect tcp_send 0 "data 1 1 1 1
syn 1 1 1 1
synack 1 0 1 1" "" -- -q -n '
	tcp:::send /args[4]->tcp_dport == 41241 && args[2]->ip_plength - args[4]->tcp_offset == 100/ {
		@["data", args[3]->tcps_state == TCP_STATE_ESTABLISHED, args[3]->tcps_addr != 0,
		    args[3]->tcps_rport == 41241] = count(); }
	tcp:::send /args[4]->tcp_dport == 41241 && args[4]->tcp_flags == TH_SYN/ {
		@["syn", args[3]->tcps_state == TCP_STATE_SYN_SENT, args[3]->tcps_addr != 0,
		    args[3]->tcps_rport == 41241] = count(); }
	tcp:::send /args[4]->tcp_sport == 41241 && args[4]->tcp_flags == (TH_SYN | TH_ACK)/ {
		@["synack", args[3]->tcps_state == TCP_STATE_SYN_RECEIVED, args[3]->tcps_addr != 0,
		    args[4]->tcp_sport == 41241] = count(); }
	END { printa("%s %d %d %d %@d\n", @); }' -c "python3 $tmp/tcp.py"
# tcp connect-established and accept-established (inet_sock_set_state
# from SYN_SENT, or SYN_RECV, to ESTABLISHED) of the same connection,
# and connect-refused (tcp_receive_reset in SYN_SENT) of a connect() to
# port 41242, where nothing listens: arg1 the socket, arg4 the state
# (args[3]), arg5 the one before (raw), as the module's; connect-request
# (net_dev_queue of the SYN of a socket in SYN_SENT) of both connects,
# accept-refused (the RST|ACK of sequence 0 sent for the refused SYN,
# without a socket, state CLOSED) and receive of that RST at the client
# (netif_receive_skb; its socket 0, not looked up), each once.
cat >"$tmp/tcp2.py" <<'PY'
import socket
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 41241)); s.listen(1)
c = socket.create_connection(("127.0.0.1", 41241)); a, _ = s.accept()
c.close(); a.close(); s.close()
try:
    socket.create_connection(("127.0.0.1", 41242))
except ConnectionRefusedError:
    pass
PY
expect tcp_connection 0 "accept-established 1 1 1 1
connect-established 1 1 1 1
connect-refused 1 1 1 1
connect-request 0 1 1 1 1
connect-request 1 1 1 1 1
accept-refused 1 1 1 1 1
receive 1 1 1 1 1" "" -- -q -n '
	tcp:::connect-established /args[3]->tcps_rport == 41241/ {
		@[probename, args[3]->tcps_state == TCP_STATE_ESTABLISHED,
		    arg5 == TCP_STATE_SYN_SENT, args[1]->cs_addr == args[3]->tcps_addr] = count(); }
	tcp:::accept-established /args[3]->tcps_lport == 41241/ {
		@[probename, args[3]->tcps_state == TCP_STATE_ESTABLISHED,
		    arg5 == TCP_STATE_SYN_RECEIVED, args[1]->cs_addr == args[3]->tcps_addr] = count(); }
	tcp:::connect-refused /args[3]->tcps_rport == 41242/ {
		@[probename, args[3]->tcps_state == TCP_STATE_SYN_SENT, args[3]->tcps_addr != 0,
		    args[1]->cs_addr == args[3]->tcps_addr] = count(); }
	tcp:::connect-request /args[3]->tcps_rport == 41241 || args[3]->tcps_rport == 41242/ {
		@c[probename, args[3]->tcps_rport == 41241, args[4]->tcp_flags == TH_SYN,
		    args[3]->tcps_state == TCP_STATE_SYN_SENT, args[1]->cs_addr == args[3]->tcps_addr] = count(); }
	tcp:::accept-refused /args[4]->tcp_sport == 41242/ {
		@r[probename, args[4]->tcp_flags == (TH_RST | TH_ACK), arg1 == 0,
		    args[3]->tcps_state == TCP_STATE_CLOSED, args[3]->tcps_lport == 41242] = count(); }
	tcp:::receive /args[4]->tcp_sport == 41242/ {
		@r[probename, args[4]->tcp_flags == (TH_RST | TH_ACK), arg1 == 0,
		    args[3]->tcps_lport == args[4]->tcp_dport, args[3]->tcps_rport == 41242] = count(); }
	END { printa("%s %d %d %d %@d\n", @); printa("%s %d %d %d %d %@d\n", @c);
		printa("%s %d %d %d %d %@d\n", @r); }' -c "python3 $tmp/tcp2.py"
# cpc: a probe made when a description names it exactly, none for a
# count below the event's smallest; page-faults-user-1 fires in the
# faulting process (dd touches its buffer) with arg0 0 and arg1 the
# user pc, as the module's.
check cpc_list '[ "$(echo "$out" | awk "\$2 == \"cpc\" { print \$2, \$3 }")" = "cpc page-faults-user-1" ]' -- \
	-l -n cpc:::page-faults-user-1 -n cpc:::page-faults-all-0
expect cpc_fire 0 "faults 1 kernel-pc 0 user-pc-0 0" "" -- -q -n '
	cpc:::page-faults-user-1 /pid == $target/ { n++; k += arg0 != 0; z += arg1 == 0; }
	END { printf("faults %d kernel-pc %d user-pc-0 %d\n", n > 0, k, z); }' \
	-c "dd if=/dev/zero of=/dev/null bs=1M count=4 status=none"
# sched enqueue and dequeue (kprobes on enqueue_task_fair and
# dequeue_task_fair under the module) from sched_wakeup and
# sched_switch: sleep blocks (dequeued in its own thread, on this CPU)
# and is woken (enqueued, arg1 its CPU); on-cpu (finish_task_switch's
# kprobe) from sched_exit_tp, where the kernel has it (6.16 and later),
# in the thread that gets the CPU.
expect sched_queue 0 "enqueue 1 dequeue 1" "" -- -q -n '
	sched:::enqueue /((struct task_struct *)arg0)->tgid == $target && arg1 < 4096/ { enq = 1; }
	sched:::dequeue /((struct task_struct *)arg0)->tgid == $target && arg0 == (uint64_t)curthread && arg1 == cpu/ {
		deq = 1; }
	END { printf("enqueue %d dequeue %d\n", enq, deq); }' -c "sleep 0.2"
if grep -q btf_trace_sched_exit_tp /sys/kernel/btf/vmlinux 2>/dev/null; then
	expect sched_on_cpu 0 "on-cpu 1" "" -- -q -n '
		sched:::on-cpu /pid == $target/ { on = 1; }
		END { printf("on-cpu %d\n", on); }' -c "sleep 0.2"
fi
# sched tick (the module's kprobe on scheduler_tick) from the tick's
# hrtimer, in the thread it interrupted: a shell counting to 300,000
# (a few tenths of a second) takes some.
echo 'i=0; while [ $i -lt 300000 ]; do i=$((i + 1)); done' >"$tmp/spin"
expect sched_tick 0 "tick 1" "" -- -q -n '
	sched:::tick /((struct task_struct *)arg0)->tgid == $target && pid == $target/ { n++; }
	END { printf("tick %d\n", n > 0); }' -c "sh $tmp/spin"
# A probe whose module mechanism is a kprobe is refused, saying so.
expect stable_refused 1 "" "probe tcp:vmlinux::state-change: its kernel mechanism (a kprobe" -- \
	-q -n 'tcp:::state-change { exit(0); }'
exit $fail
