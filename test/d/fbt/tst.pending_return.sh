# ASSERTION: a return hooked while tracing still comes back after
# dtrace has exited (sleep 4 is inside hrtimer_nanosleep when the
# probes go, and returns normally with exit status 0), and nothing is
# left traced afterwards: no ftrace-traced function, no kprobe.
# @@timeout: 120
stop=/tmp/pstop$$			# execname: at most 15 characters
cp /bin/true $stop
"$1" -q -n 'fbt::hrtimer_nanosleep:entry /execname == "sleep"/ { printf("entry\n"); }
fbt::hrtimer_nanosleep:return /execname == "sleep"/ { printf("return\n"); }
syscall::exit_group:entry /execname == "'"${stop##*/}"'"/ { exit(0); }
BEGIN { printf("tracing\n"); }' > $stop.out 2>&1 &
dt=$!
for i in $(seq 300); do grep -q tracing $stop.out && break; sleep 0.1; done
sleep 0.2				# one whole entry and return
sleep 4 & sl=$!				# hooked, still inside when dtrace goes
sleep 0.5
$stop
wait $dt; echo "dtrace exit: $?"
sort -u $stop.out
wait $sl; echo "sleep exit: $?"
rm -f $stop $stop.out
t=/sys/kernel/tracing/enabled_functions
[ -r $t ] && echo "functions left traced: $(wc -l < $t)"
l=/sys/kernel/debug/kprobes/list
[ -r $l ] && echo "kprobes left: $(wc -l < $l)"
"$1" -q -n 'fbt::vfs_read:entry,fbt::vfs_read:return { n++; } tick-100ms { printf("enabled again\n"); exit(0); }'
