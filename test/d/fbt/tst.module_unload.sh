# ASSERTION: a module can be unloaded and loaded again while dtrace has
# every one of its fbt probes enabled, entry and return: the kernel
# stays healthy (no oops or warning in the log), dtrace keeps running,
# its probes are retired with the module (nothing of it left in the
# ftrace filter) and are armed again on the reloaded module once a
# description names them again (here, a dtrace -l). Once dtrace has
# exited, another reload gives new probes that fire.
# @@timeout: 300
. "$(dirname "$0")/../io/nullb.sh"
dir=$(mktemp -d /tmp/fbtunload.XXXXXX)
for p in fbtph1 fbtph2 fbtstop; do cp /bin/true "$dir/$p"; done
dmesg -c > /dev/null
"$1" -q -n '
BEGIN { ph = 0; printf("tracing\n"); }
fbt:null_blk::entry,fbt:null_blk::return { n++; }
fbt:null_blk:null_queue_rq:entry,fbt:null_blk:null_queue_rq:return
{ @[ph, probename] = max(1); }
syscall::exit_group:entry /execname == "fbtph1"/ { ph = 1; }
syscall::exit_group:entry /execname == "fbtph2"/ { ph = 2; }
syscall::exit_group:entry /execname == "fbtstop"/ { exit(0); }
END { printa("phase %d %s fired\n", @); }' > "$dir/out" 2>&1 &
dt=$!
for i in $(seq 600); do grep -q tracing "$dir/out" && break; sleep 0.1; done
for i in 1 2 3; do nullb_io; done
sleep 1
rmmod null_blk; echo "rmmod: $?"
"$dir/fbtph1"
sleep 1
insmod "$mods/null_blk.ko" memory_backed=1 gb=1; echo "insmod: $?"
t=/sys/kernel/tracing/enabled_functions
echo "reloaded null_blk functions traced: $(grep -c null_blk $t)"
"$1" -l -n 'fbt:null_blk:null_queue_rq:entry' | awk 'NR > 1 { $1 = ""; print }'
echo "after listing: $(($(grep -c null_blk $t) > 50))"
"$dir/fbtph2"
sleep 1
for i in 1 2 3; do nullb_io; done
sleep 1
kill -0 "$dt" && echo "dtrace running"
"$dir/fbtstop"
wait "$dt"; echo "dtrace exit: $?"
grep -v tracing "$dir/out"
echo "functions left traced: $(wc -l < $t)"
# Unheld now: the next unload removes the probes, new ones come after.
rmmod null_blk && insmod "$mods/null_blk.ko" memory_backed=1 gb=1
echo "reloaded again: $?"
"$1" -q -n 'fbt:null_blk:null_queue_rq:entry { printf("fired after reload\n"); exit(0); }' &
dt=$!
nullb_until_exit "$dt"
wait "$dt"; echo "dtrace exit: $?"
dmesg | grep -E 'BUG|WARNING|Oops|general protection|dtrace: fbt: null_blk: functions left' || echo "kernel log clean"
rm -rf "$dir"
