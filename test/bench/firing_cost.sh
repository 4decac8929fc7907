#!/bin/bash
# Added cost per probe firing and start-up, dtrace against bpftrace, in
# one guest boot (doc/performance.md, "Per-event cost against bpftrace").
# A noisy host slows runs down in stretches of minutes, so the cases are
# interleaved: each round runs every case once, in an order rotated from
# round to round, and a case's figure in a round is the fastest of
# TRIES loops of N getppid() calls. Reported per case: the median over
# the rounds of the added ns per call (the case's loop less that round's
# bare loop) with the lowest and highest, and the ratios of medians.
# The pid cases (d_pid, e_pid, b_uprobe) count calls of a user function
# in the same loop (syscall_loop.c's bench_fn()) instead, net of the bare
# call loop (bare_call, run each round with them); dtrace attaches to the
# loop's process (-p) each time, bpftrace to its binary.
# Start-up (the module, the bpf backend, bpftrace): the wall time from
# exec to the exit of a BEGIN clause that calls exit, less /bin/true's,
# interleaved the same way; and the processor time the same runs used
# (startup_*_cpu, run_time.c): under -icount the guest's idle time (its
# waits for the host's file system) runs at the host's speed, the
# processor time holds still. Each command runs once before the rounds,
# so its files are in the guest's page cache.
# Run in the guest: test/vm/run -- test/bench/firing_cost.sh [N [ROUNDS [TRIES]]]
. "$(dirname "$0")/guest_setup.sh"
n=${1:-100000}
rounds=${2:-7}
tries=${3:-3}
bench_cc syscall_loop loop
bench_cc run_time run_time
fn=__task_pid_nr_ns # getppid() calls it; the __x64_sys_ wrappers have no BTF

# case NAME: the tracer's command for case NAME in $cmd (empty: bare),
# and the line it prints once attached in $ready; $loop_mode the loop's
# mode, $target set when the tracer takes the loop's pid (-p).
case_cmd() {
	local d=("$dtrace" -q -n 'BEGIN { printf("go\n"); }')
	ready=go
	loop_mode=
	target=
	case $1 in
	bare_call | d_pid | e_pid | b_uprobe) loop_mode=call ;;
	esac
	case $1 in
	bare | bare_call) cmd=() ;;
	d_pid) cmd=("${d[@]}" -n 'pid$target::bench_fn:entry { @ = count(); }') target=1 ;;
	e_pid) cmd=("${d[@]}" -x backend=bpf -n 'pid$target::bench_fn:entry { @ = count(); }') target=1 ;;
	d_syscall) cmd=("${d[@]}" -n 'syscall::getppid:entry { @ = count(); }') ;;
	d_fbt) cmd=("${d[@]}" -n "fbt::$fn:entry { @ = count(); }") ;;
	d_fbtret) cmd=("${d[@]}" -n "fbt::$fn:return { @ = count(); }") ;;
	# e_*: the same clauses through the bpf backend (doc/bpf.md)
	e_syscall) cmd=("${d[@]}" -x backend=bpf -n 'syscall::getppid:entry { @ = count(); }') ;;
	e_fbt) cmd=("${d[@]}" -x backend=bpf -n "fbt::$fn:entry { @ = count(); }") ;;
	e_fbtret) cmd=("${d[@]}" -x backend=bpf -n "fbt::$fn:return { @ = count(); }") ;;
	# every system call counted by name: the one-liner's many probes on
	# two tracepoints (bpftrace's: one program keyed by the number)
	d_syswide) cmd=("${d[@]}" -n 'syscall:::entry { @[probefunc] = count(); }') ;;
	e_syswide) cmd=("${d[@]}" -x backend=bpf -n 'syscall:::entry { @[probefunc] = count(); }') ;;
	# keyed: a string key (the task's name) and an integer key (the
	# function's first argument, a pointer), under each backend
	d_fbtexec) cmd=("${d[@]}" -n "fbt::$fn:entry { @[execname] = count(); }") ;;
	e_fbtexec) cmd=("${d[@]}" -x backend=bpf -n "fbt::$fn:entry { @[execname] = count(); }") ;;
	d_fbtarg) cmd=("${d[@]}" -n "fbt::$fn:entry { @[arg0] = count(); }") ;;
	e_fbtarg) cmd=("${d[@]}" -x backend=bpf -n "fbt::$fn:entry { @[arg0] = count(); }") ;;
	# the string key behind a predicate (the bpf backend's frame path)
	d_fbtpred) cmd=("${d[@]}" -n "fbt::$fn:entry /pid != 0/ { @[execname] = count(); }") ;;
	e_fbtpred) cmd=("${d[@]}" -x backend=bpf -n "fbt::$fn:entry /pid != 0/ { @[execname] = count(); }") ;;
	# a clause with a DIFO (the frame path): sum() of the pid
	e_fbtsum) cmd=("${d[@]}" -x backend=bpf -n "fbt::$fn:entry { @ = sum(pid); }") ;;
	*)
		ready=Attaching
		case $1 in
		b_tracepoint) cmd=(bpftrace -e 'tracepoint:syscalls:sys_enter_getppid { @ = count(); }') ;;
		b_kprobe) cmd=(bpftrace -e "kprobe:$fn { @ = count(); }") ;;
		b_kfunc) cmd=(bpftrace -e "kfunc:$fn { @ = count(); }") ;;
		b_kretfunc) cmd=(bpftrace -e "kretfunc:$fn { @ = count(); }") ;;
		b_syswide) cmd=(bpftrace -e 'tracepoint:raw_syscalls:sys_enter { @[args->id] = count(); }') ;;
		b_kfunccomm) cmd=(bpftrace -e "kfunc:$fn { @[comm] = count(); }") ;;
		b_kfuncarg) cmd=(bpftrace -e "kfunc:$fn { @[args->task] = count(); }") ;;
		b_kfuncpred) cmd=(bpftrace -e "kfunc:$fn /pid != 0/ { @[comm] = count(); }") ;;
		b_kfuncsum) cmd=(bpftrace -e "kfunc:$fn { @ = sum(pid); }") ;;
		b_uprobe) cmd=(bpftrace -e "uprobe:$dir/loop:bench_fn { @ = count(); }") ;;
		esac
		;;
	esac
}

# start_tracer [PID]: $cmd in the background (given -p PID), in $tracer,
# once it says $ready.
start_tracer() {
	"${cmd[@]}" ${1:+-p "$1"} > "$dir/tr" 2>&1 &
	tracer=$!
	waitfor "$ready" "$dir/tr" || echo "$name: tracer failed: $(head -c 300 "$dir/tr")" >&2
	sleep 0.5
}

# stop_tracer: ends $tracer (one that followed its process ends itself).
stop_tracer() {
	[ -n "$target" ] || kill -0 "$tracer" 2>/dev/null ||
		echo "$name: tracer ended early: $(head -c 300 "$dir/tr")" >&2
	kill -INT "$tracer" 2>/dev/null
	wait "$tracer" 2>/dev/null
	tracer=
}

# run_case NAME: the fastest of $tries loops under NAME's tracer, in $result.
run_case() {
	local tracer= r name=$1
	case_cmd "$1"
	[ ${#cmd[@]} -eq 0 ] || [ -n "$target" ] || start_tracer
	result=
	for r in $(seq "$tries"); do
		[ -z "$target" ] || loop_hook=start_tracer
		loop_once
		loop_hook=
		[ -z "$target" ] || stop_tracer
		if [ -z "$result" ] || [ "$one" -lt "$result" ]; then result=$one; fi
	done
	[ -z "$tracer" ] || stop_tracer
}

# startup NAME CMD...: one start-up round of CMD, its wall and processor
# milliseconds (less /bin/true's, in $true_wall and $true_cpu) added to
# NAME's and NAME_cpu's figures.
startup() {
	local name=$1 out w c
	shift
	out=$("$dir/run_time" "$@") || echo "$name: exit status not 0" >&2
	read -r w c <<< "$out"
	added[$name]+="$(((w - true_wall) / 1000)) "
	added[${name}_cpu]+="$(((c - true_cpu) / 1000)) "
}
startup_d=("$dtrace" -q -n 'BEGIN { exit(0); }')
startup_b=(bpftrace -e 'BEGIN { exit(); }')
# the same BEGIN through the bpf backend (doc/bpf.md)
startup_e=("$dtrace" -x backend=bpf -q -n 'BEGIN { exit(0); }')

# CASES (environment) picks some of them (CASES=" ": start-up alone);
# NOSTARTUP=1 leaves start-up out.
cases=(bare ${CASES:-d_syscall b_tracepoint d_fbt b_kprobe b_kfunc d_fbtret b_kretfunc})
declare -A added
echo "getppid() calls per loop: $n; $rounds rounds, each case the fastest of $tries loops"
# Start-up's files into the guest's page cache before the rounds.
[ -n "$NOSTARTUP" ] || "$dir/run_time" "${startup_d[@]}" > /dev/null
[ -n "$NOSTARTUP" ] || "$dir/run_time" "${startup_b[@]}" > /dev/null
[ -n "$NOSTARTUP" ] || "$dir/run_time" "${startup_e[@]}" > /dev/null
for round in $(seq "$rounds"); do
	rot=$(((round - 1) % (${#cases[@]} > 1 ? ${#cases[@]} - 1 : 1)))
	order=("${cases[@]:1+rot}" "${cases[@]:1:rot}")
	run_case bare
	base=$result
	line=
	case " ${cases[*]} " in *" d_pid "* | *" e_pid "* | *" b_uprobe "*)
		run_case bare_call
		base_call=$result
		line+=" (bare_call $base_call ns)"
		;;
	esac
	for c in "${order[@]}"; do
		run_case "$c"
		b=$base
		[ -z "$loop_mode" ] || b=$base_call
		added[$c]+="$((result - b)) "
		line+=" $c $((result - b))"
	done
	if [ -z "$NOSTARTUP" ]; then
		read -r true_wall true_cpu <<< "$("$dir/run_time" true)"
		startup startup_dtrace "${startup_d[@]}"
		startup startup_bpftrace "${startup_b[@]}"
		startup startup_bpf "${startup_e[@]}"
	fi
	echo "round $round: bare $base ns; added:$line" >&2
done

# median lowest highest of the numbers in $1.
stats() { tr ' ' '\n' <<< "$1" | grep . | sort -n | awk '{ v[NR] = $1 } END { printf "%d %d %d", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), v[1], v[NR] }'; }
declare -A med
printf '%-21s %8s %8s %8s\n' case median lowest highest
for c in "${cases[@]:1}" startup_dtrace startup_bpftrace startup_bpf startup_dtrace_cpu startup_bpftrace_cpu startup_bpf_cpu; do
	[ -n "${added[$c]}" ] || continue
	read -r m lo hi <<< "$(stats "${added[$c]}")"
	med[$c]=$m
	printf '%-21s %8d %8d %8d\n' "$c" "$m" "$lo" "$hi"
done
ratio() { awk -v a="${med[$1]}" -v b="${med[$2]}" 'BEGIN { if (a != "" && b > 0) printf "%.2f", a / b; else print "n/a" }'; }
echo "added ns per call, ns (startup ms); ratios of medians:"
echo "syscall / tracepoint $(ratio d_syscall b_tracepoint)"
echo "fbt entry / kprobe $(ratio d_fbt b_kprobe)"
echo "fbt entry / kfunc (fentry) $(ratio d_fbt b_kfunc)"
echo "fbt return / kretfunc (fexit) $(ratio d_fbtret b_kretfunc)"
echo "startup dtrace / bpftrace $(ratio startup_dtrace startup_bpftrace), processor time $(ratio startup_dtrace_cpu startup_bpftrace_cpu)"
echo "startup, bpf backend / bpftrace $(ratio startup_bpf startup_bpftrace), processor time $(ratio startup_bpf_cpu startup_bpftrace_cpu)"
echo "pid entry / uprobe: module $(ratio d_pid b_uprobe), bpf backend $(ratio e_pid b_uprobe)"
echo "bpf backend: syscall / tracepoint $(ratio e_syscall b_tracepoint), fbt entry / kfunc $(ratio e_fbt b_kfunc), fbt return / kretfunc $(ratio e_fbtret b_kretfunc)"
echo "bpf backend, sum(pid): fbt entry / kfunc $(ratio e_fbtsum b_kfuncsum)"
echo "fbt entry by execname / kfunc by comm: module $(ratio d_fbtexec b_kfunccomm), bpf backend $(ratio e_fbtexec b_kfunccomm)"
echo "fbt entry by arg0 / kfunc by args->task: module $(ratio d_fbtarg b_kfuncarg), bpf backend $(ratio e_fbtarg b_kfuncarg)"
echo "fbt entry by execname behind a predicate / kfunc: module $(ratio d_fbtpred b_kfuncpred), bpf backend $(ratio e_fbtpred b_kfuncpred)"
echo "every system call by name: module / bpftrace $(ratio d_syswide b_syswide), bpf backend / bpftrace $(ratio e_syswide b_syswide)"
