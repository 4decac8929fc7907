# ASSERTION: a frame in anonymous executable memory is named from the
# process's /tmp/perf-PID.map, as JIT runtimes write it, in module
# perf-PID.map: in ustack() and in usym() and umod(), after the process
# exited.
# @@timeout: 120
. "$(dirname "$0")/usym_lib.sh"
cc -O0 -fno-omit-frame-pointer -o "$dir/jit" "$src/jit.c" || exit 1
"$dtrace" -q -c "$dir/jit 1" -n '
profile-199 /pid == $target/ { @s[ustack(2)] = count(); @u[usym(arg1)] = count(); @m[umod(arg1)] = count();
	pid_of_target = $target; }
END { printf("pid %d\n", pid_of_target); }' > "$dir/out" 2>&1 || { cat "$dir/out"; exit 1; }
pid=$(awk '$1 == "pid" { print $2 }' "$dir/out")
rm -f "/tmp/perf-$pid.map"
sed "s/perf-$pid\.map/perf-PID.map/" "$dir/out" |
	awk '$1 != "pid" && NF { sub(/^ +/, ""); sub(/\+0x[0-9a-f]+$/, ""); sub(/ +[0-9]+$/, ""); print }' |
	sort -u > "$dir/f"
has "$dir/f" 'perf-PID.map`jit_spin' 'perf-PID.map'
