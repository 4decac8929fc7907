#!/bin/sh
# dtrace -x backend=bpf end to end, natively (doc/bpf.md): the real
# binary, its programs laid out by kernel/core in process and fired as
# translated BPF programs. Passes, saying so, where bpf() is not
# permitted (not root, unprivileged_bpf_disabled).
# usage: dtrace_bpf.sh build/dtrace build/test/triggers/syscall-calls
dtrace=$1 calls=$2
. "$(dirname "$0")/expect.sh"

expect printf 0 3 "" -- -q -n 'BEGIN { printf("%d\n", 1 + 2); exit(0); }'
expect globals_predicate 0 "10 20" "" -- -q -n '
	BEGIN { x = 5; }
	BEGIN /x == 5/ { printf("%d ", x * 2); }
	BEGIN /x != 5/ { printf("no "); }
	BEGIN { printf("%d\n", x * 4); exit(0); }'
expect end 0 "begin 1
end 2" "" -- -q -n '
	BEGIN { printf("begin %d\n", 1); exit(0); }
	END { printf("end %d\n", 2); }'
expect pid 0 "same" "" -- -q -n '
	BEGIN /pid == $pid/ { printf("same\n"); }
	BEGIN { exit(0); }'
expect fault 0 "after" "): divide-by-zero in action #2 at DIF offset " -- -q -n '
	BEGIN { x = 0; trace(1 / x); }
	BEGIN { printf("after\n"); exit(0); }'
# profile:::tick-N on perf cpu-clock events: one CPU, in order, and
# nothing recorded after exit(); tick-1s as DTrace's own one-liner.
expect tick 0 "3" "" -- -q -n '
	tick-10ms { i++; }
	tick-10ms /i == 3/ { printf("%d\n", i); exit(0); }'
expect tick_1s 0 "5" "" -- -q -n 'tick-1s { trace(5); exit(0); }'
# profile-N fires on every CPU with the interrupted pc in arg0 or arg1.
expect profile 0 "pc" "" -- -q -n '
	profile-199 /arg0 != 0 || arg1 != 0/ { n++; }
	tick-50ms /n > 0/ { printf("pc\n"); exit(0); }
	tick-5s { printf("none\n"); exit(0); }'
# syscall:vmlinux:NAME:entry and :return on the raw_syscalls tracepoints:
# sleep 0.1's clock_nanosleep(CLOCK_REALTIME, 0, ...) and its 0.
expect syscall 0 "entry 0 0
return 0" "" -- -q -n '
	syscall::clock_nanosleep:entry /pid == $target/ { printf("entry %d %d\n", arg0, arg1); }
	syscall::clock_nanosleep:return /pid == $target/ { printf("return %d\n", arg0); exit(0); }' \
	-c '/bin/sleep 0.1'
# chill(): bpf_loop() rounds until the clock passes the end (timestamp
# is the firing's, so read in the next probe), capped as
# the module's at 500 ms of a second's window on the CPU (a second
# chill() in the window gets what the first left: 2 s asked, 0.5 s given;
# then 0.3 s, 0.2 s and nothing of 0.3 s each). The next tick-1ms reads
# the clock, late by whatever the host's load adds: the ceilings leave
# 300 ms for that and still fail an uncapped chill() (2 s, 0.9 s).
expect chill 0 "1 1 1" "" -- -w -q -n '
	BEGIN { t0 = timestamp; chill(2000000000); }
	tick-1ms /t0/ { printf("%d ", (timestamp - t0) / 1000000 >= 500 && (timestamp - t0) / 1000000 < 800); t0 = 0; }
	tick-1100ms { t2 = timestamp; chill(300000000); chill(300000000); chill(300000000); }
	tick-1ms /t2/ { printf("%d %d\n", (timestamp - t2) / 1000000 >= 500, (timestamp - t2) / 1000000 < 800); exit(0); }'
# tracemem() of scratch bytes; its address unreadable, raise() of a
# signal outside 1 to 63: ERROR outside DIF (no offset), as the module's
# (raise() and stop() of a process: actions/tst.raise_stop.sh).
check tracemem 'echo "$out" | grep -q "^ *0: 61 62 00 7f  *ab\.\.$"' -- -q -n '
	BEGIN { this->p = (char *)alloca(4); this->p[0] = 0x61; this->p[1] = 0x62; this->p[3] = 0x7f;
		tracemem(this->p, 4); exit(0); }'
check tracemem_fault 'echo "$out" | grep -q "): invalid address (0x8) in action #1$"' -- -q -n '
	BEGIN { tracemem(8, 4); } BEGIN { exit(0); }'
check raise_illop '[ "$(echo "$out" | grep -c "): illegal operation in action #1$")" = 2 ]' -- -w -q -n '
	BEGIN { raise(0); } BEGIN { raise(64); } BEGIN { exit(0); }'
expect refused 1 "" "built-in variable 'ipl' is not supported by the bpf backend" -- -q -n '
	BEGIN { trace(ipl); exit(0); }'
# Built-in variables: the probe's names and ids, one timestamp a firing
# (every clause of it, as the module's), the wall clock, the task's
# kernel memory, clause-locals through a clause's statements.
expect builtins 0 "dtrace:::BEGIN 1 1
1 1 1 10" "" -- -q -n '
	BEGIN { t = timestamp; printf("%s:%s:%s:%s %d %d\n", probeprov, probemod, probefunc, probename, epid, id); }
	BEGIN { this->x = 5; this->y = this->x * 2;
		printf("%d %d %d %d\n", timestamp == t, walltimestamp / 1000000000 > 1700000000,
		    curthread->tgid == pid && curthread->real_parent->tgid == ppid, this->y); exit(0); }'
# Thread-locals and associative arrays of integer keys in a hash map:
# storing 0 deletes; 21 stores in one firing with room for fewer
# (dynvarsize 1k) drop some (assocs/tst.drops.sh checks the module's count).
expect dynamic 0 "5 7 6 0 0" "" -- -q -n '
	BEGIN { self->x = 5; a[1, 2] = 7; a[3, 4] = self->x + 1;
		printf("%d %d %d %d ", self->x, a[1, 2], a[3, 4], a[9, 9]); a[1, 2] = 0; printf("%d\n", a[1, 2]); exit(0); }'
expect dynamic_drops 0 "" "dynamic variable drops" -- -x dynvarsize=1k -q -n \
	"BEGIN { $(i=0; while [ $i -lt 21 ]; do printf 'a[%d] = 1; ' $i; i=$((i + 1)); done) exit(0); }"
# Thread-locals freed at thread exit (sched_process_exit, as the module's
# dtrace_dyn_thread_exit()): 100 processes each leave a string
# thread-local (a program without arrays: deleted by its key), or an
# entry of a string-keyed thread-local array (walked), behind, where
# dynvarsize 4k has room for 64, without a drop
# (variables/tst.self_exit.sh checks integer ones); the same for a
# structure thread-local and a thread-local array of structures, whose
# slots of the by-reference values' pool are freed too.
echo 'for i in $(seq 100); do /bin/true; done' >"$tmp/loop"
for v in 'self->s = execname' 'self->k[execname] = 1' 'self->p.y = 1' 'self->q[pid].y = 1'; do
	check "thread_exit ($v)" '[ "$out" = 100 ]' -- -x dynvarsize=4k -q -n '
		struct pt { int x; int y; }; self struct pt p, q[int];
		syscall::exit_group:entry /execname == "true"/ { '"$v"'; n++; }
		END { printf("%d\n", n >= 100 ? 100 : n); }' -c "sh $tmp/loop"
done
expect refused_string_keys 1 "" "an associative array key of more than one string is not supported by the bpf backend" -- \
	-q -n 'BEGIN { a["x", "y"] = 1; exit(0); }'
# String keys (one a tuple): counts by probefunc, execname, constants.
expect string_keys 0 "1 5 0 3 0 0
7 0" "" -- -q -n '
	BEGIN { a["x"] = 1; c["y", 2] = 5; self->b[execname] = 3;
		printf("%d %d %d %d %d ", a["x"], c["y", 2], c["y", 3], self->b["dtrace"], a["z"]); a["x"] = 0; printf("%d\n", a["x"]); }
	syscall:::entry /pid == $target/ { n[probefunc]++; }
	syscall::exit_group:entry /pid == $target/ { printf("%d %d\n", n["getppid"], n["nosuchcall"]); }' -c "$calls"
# d_path(), cwd and rootdir in a system call's program: a shell's
# cwd after each chdir(), into a mount (/proc) and back to the root.
echo 'cd /proc/sys && cd /' > "$tmp/cds"
expect d_path 0 "/proc/sys / /proc/sys
/ / /" "" -- -q -c "sh $tmp/cds" -n '
	syscall::chdir:return /pid == $target/
	{ printf("%s %s %s\n", cwd, rootdir, d_path(&curthread->fs->pwd)); }'
# Global strings: copied when stored, "" until then.
expect string_globals 0 "dtrace abc 1 3||" "" -- -q -n '
	string u; BEGIN { s = "abc"; t = s; s = execname;
		printf("%s %s %d %d|%s|\n", s, t, s == "dtrace", strlen(t), u); exit(0); }'
# String comparisons: execname in a predicate, constants by byte order.
expect scmp 0 "1 0 1 1
                7" "" -- -q -n '
	syscall::getppid:entry /execname == "syscall-calls"/ { @ = count(); }
	END { printf("%d %d %d %d", execname == "dtrace", execname != "dtrace", "abc" < "abd", "b" > "abc"); }' \
	-c "$calls"
# copyinstr() of a system call's user string, strlen(); copyinstr(0)
# faults as the module's.
expect copyinstr 0 "/etc/hostname 13 4" "" -- -q -n '
	syscall::openat:entry /pid == $target && copyinstr(arg1) == "/etc/hostname"/ {
		printf("%s %d %d\n", copyinstr(arg1), strlen(copyinstr(arg1)), strlen(copyinstr(arg1, 4))); }' \
	-c '/bin/grep -q nothing-here /etc/hostname'
# A thread-local string: the path at entry, printed at return, deleted.
expect thread_string 0 "/etc/hostname 1
one dtrace 1" "" -- -q -n '
	syscall::openat:entry /pid == $target/ { self->p = copyinstr(arg1); }
	syscall::openat:return /pid == $target && self->p == "/etc/hostname"/ { printf("%s %d\n", self->p, (int)arg0 >= 0); self->p = 0; }
	END { a[1] = "one"; a[2] = execname; printf("%s %s %d", a[1], a[2], a[3] == NULL); }' \
	-c '/bin/grep -q nothing-here /etc/hostname'
expect copyinstr_null 0 "alive" "invalid address (0x0) in action #1" -- -q -n '
	BEGIN { trace(copyinstr(0)); } BEGIN { printf("alive\n"); exit(0); }'
# The credentials: the target's real ids set by setpriv, its effective
# ones root's; its process group and session dtrace's; curcpu and
# zonename.
if [ "$(id -u)" = 0 ]; then
	expect credentials 0 "1234 4321 0 0 1 1" "" -- -q -n '
	syscall::getppid:entry /pid == $target/ {
		printf("%d %d %d %d %d %d\n", uid, gid, euid, egid, pgid == $pgid, sid == $sid); exit(0); }' \
		-c "setpriv --ruid 1234 --rgid 4321 --keep-groups -- $calls"
fi
# (On CPU 0 only: each CPU has its principal buffer, as the module's,
# and both CPUs may fire before exit() has stopped either.)
expect curcpu 0 "1 -1 global" "" -- -q -n '
	profile-97 /cpu == 0/ { printf("%d %d %s\n", curcpu->cpu_id == cpu, curcpu->cpu_pset, zonename); exit(0); }'
# Substring search and strtok() on known strings.
expect search 0 "o world|2|5|-1|0|a|bb|1" "" -- -q -n '
	BEGIN { printf("%s|%d|%d|%d|%d|", strstr("hello world", "o w"), index("abcabc", "c"),
	    rindex("abcabc", "c"), index("abc", "x"), strstr("abc", "x") == NULL ? 0 : 1); }
	BEGIN { printf("%s|%s|%d\n", strtok("a,bb", ","), strtok(NULL, ","), strtok(NULL, ",") == NULL);
	    exit(0); }'
# args[] of a system call: clock_nanosleep(CLOCK_REALTIME, 0, req, ...).
expect args 0 "0 0 1" "" -- -q -n '
	syscall::clock_nanosleep:entry /pid == $target/ { printf("%d %d %d\n", args[0], args[1], args[2] != 0); }' \
	-c '/bin/sleep 0.1'
# errno at a system call's return: close() of 1000 to 1002, six times EBADF.
expect errno 0 "
        9                6" "" -- -q -n '
	syscall::close:return /pid == $target && errno != 0/ { @[errno] = count(); }' -c "$calls"
# Aggregations in per-CPU maps, printed by the consumer as the module's:
# each function of one value, by definition (quantize(3) is in the
# bucket of 2 to 3).
expect aggs 0 "
                1
                5
               -4
                7
                4
                0

           value  ------------- Distribution ------------- count    
               1 |                                         0        
               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        
               4 |                                         0        " "" -- -q -n '
	BEGIN { @a = count(); @b = sum(5); @c = min(-4); @d = max(7); @e = avg(4);
		@f = stddev(2); @q = quantize(3); exit(0); }'
# syscall-calls closes 1000 once, 1001 twice, 1002 three times and calls
# getppid() seven times: counts by key, their sum (1000 + 2 * 1001 +
# 3 * 1002), their distribution and a keyed max.
expect syscall_aggs 0 "
             1000                1
             1001                2
             1002                3
             6008

           value  ------------- Distribution ------------- count    
              -1 |                                         0        
               0 |@@@@@@@                                  1        
               1 |@@@@@@@@@@@@@                            2        
               2 |@@@@@@@@@@@@@@@@@@@@                     3        
               4 |                                         0        

                7
        1                7" "" -- -q -n '
	syscall::close:entry /pid == $target && arg0 >= 1000/ {
		@c[arg0] = count(); @s = sum(arg0); @q = quantize(arg0 - 1000); }
	syscall::getppid:entry /pid == $target/ { @g = count(); @m[pid == $target] = max(7); }' \
	-c "$calls"
# Several probes on one raw_syscalls tracepoint share a dispatcher that
# tail-calls the call's own program (syscall_dispatch.h): each call is
# counted once, by its probe, at entry and at return (close() of a
# descriptor not open fails EBADF, 9).
expect syscall_dispatch 0 "6 7 6 7" "" -- -q -n '
	syscall::close:entry, syscall::getppid:entry /pid == $target/ { n[probefunc]++; }
	syscall::close:return /pid == $target && errno == 9/ { rc++; }
	syscall::getppid:return /pid == $target && arg0 > 0/ { rg++; }
	syscall::exit_group:entry /pid == $target/ { printf("%d %d %d %d\n", n["close"], n["getppid"], rc, rg); }' \
	-c "$calls"
# printa() with a format, trunc() to the two largest, clear() keeping
# the key, each on what BEGIN folded.
expect printa_trunc_clear 0 "1 10
2 20
3 30
2 20
3 30
b 4 0" "" -- -q -n '
	BEGIN { @a[1] = sum(10); @a[2] = sum(20); @a[3] = sum(30); @b[4] = count(); exit(0); }
	END { printa("%d %@d\n", @a); trunc(@a, 2); printa("%d %@d\n", @a); clear(@b);
		printa("b %d %@d\n", @b); }'
# A profile probe's program runs in the middle of a system call probe's
# on the same CPU now and then (an interrupt): each kind of context has
# its own scratch, so no dup() is counted under the profile probe's arg0.
expect nested 0 "
             1003           300000" "" -- -q -n '
	syscall::dup:entry /pid == $target/ { @[arg0] = count(); }
	profile-4999 { n++; }' -c "$calls 300000"
# stack() in a profile probe starts at the interrupted kernel pc, arg0
# (printed as DTrace prints an unresolved frame under -x noresolve); as an
# aggregation key beside an integer, its frames resolved (stacks_bpf.sh
# checks the other probes' stacks).
check stack_pc '[ -n "$out" ] && [ "$(echo "$out" | sed -n 1p)" = "$(echo "$out" | sed -n 2p)" ]' -- \
	-q -x noresolve -n 'profile-97 /arg0 != 0/ { printf("              0x%x", arg0); stack(1); exit(0); }'
check stack_key 'echo "$out" | grep -q "^ *vmlinux\`" && echo "$out" | grep -Eq "^ +7 +[0-9]+$"' -- \
	-q -n 'profile-997 /arg0 != 0/ { @[stack(), 7] = count(); } tick-100ms { exit(0); }'
# Strings: constants and execname, in records and as aggregation keys.
expect strings 0 "hello dtrace|
x" "" -- -q -n 'BEGIN { printf("%s %s|\n", "hello", execname); trace("x"); exit(0); }'
expect execname_key 0 "
  syscall-calls                                                     7" "" -- -q -n '
	syscall::getppid:entry /pid == $target/ { @[execname] = count(); }' -c "$calls"
# One subprogram a clause: a probe of 300 clauses passes the kernel's 256.
expect refused_subprograms 1 "" "a probe program of 301 BPF subprograms (one a clause) is not supported by the bpf backend" -- \
	-q -n "$(i=0; while [ $i -lt 300 ]; do printf 'BEGIN { x = %d; } ' $i; i=$((i + 1)); done)"
# Records the BPF ring buffer (4 MiB) has no room for before a drain
# takes them are drops of their CPU's principal buffer: a thousand dup()s
# at once, each recording 16 KiB, keep what fits and count the others.
"$dtrace" -x backend=bpf -q -x bufsize=64m -x strsize=16384 -n '
	syscall::dup:entry /pid == $target/ { trace(execname); printf("\n"); }' \
	-c "$calls 1000" >"$tmp/out" 2>"$tmp/err"
kept=$(grep -c . "$tmp/out")
dropped=$(sed -n 's/^dtrace: \([0-9]*\) drops* on CPU [0-9]*$/\1/p' "$tmp/err" | awk '{ n += $1 } END { print n + 0 }')
if [ "$dropped" -gt 0 ] && [ $((kept + dropped)) = 1000 ]; then
	echo "ok ring_lost"
else
	echo "FAIL ring_lost: $kept kept, $dropped dropped: $(head -c 300 "$tmp/err")"
	fail=1
fi
# AGGSNAP reads the old generation only once the firings that may still
# add to it have ended (quiesce.h): under strace, no map read between a
# switch of the generation (an update of dt_agggen) and the grace
# period's membarrier() after it.
if command -v strace >/dev/null; then
	strace -f -e trace=membarrier,bpf -o "$tmp/strace" "$dtrace" -x backend=bpf -x aggrate=50ms -q -n '
		tick-10ms { @[1] = count(); @x = count(); } tick-300ms { exit(0); }' >/dev/null 2>&1
	r=$(awk '
		/map_name="dt_agggen"/ { gen = $NF }
		gen != "" && index($0, "BPF_MAP_UPDATE_ELEM, {map_fd=" gen ",") { pending = 1; switches++ }
		/membarrier\(MEMBARRIER_CMD_GLOBAL/ { pending = 0 }
		pending && /BPF_MAP_(LOOKUP_ELEM|GET_NEXT_KEY|LOOKUP_AND_DELETE_ELEM|LOOKUP_BATCH)/ { early++ }
		END { print switches + 0, early + 0 }' "$tmp/strace")
	switches=${r% *} early=${r#* }
	if [ "$switches" -ge 2 ] && [ "$early" = 0 ]; then
		echo "ok aggsnap_waits ($switches snapshots)"
	else
		echo "FAIL aggsnap_waits: $switches snapshots, $early map reads before the grace period"
		fail=1
	fi
else
	echo "skip aggsnap_waits: no strace"
fi
exit $fail
