# ASSERTION: the on-CPU and off-CPU flame-graph one-liners of the README
# give stack aggregations that Brendan Gregg's stackcollapse.pl and
# flamegraph.pl take unchanged: the SVGs name the program's frames. The
# scripts come from a FlameGraph checkout ($FLAMEGRAPH_DIR, or the git
# mirror of this machine); without one the test is skipped.
# stackcollapse.pl skips its input's first three lines: the header and
# the tick probe's line that the one-liners' exit() prints, and a blank.
# So, as in the README, the tick ends each run while the program still
# runs: a run the program's exit ended has no header, and the first
# stack printed (the only one when every sample fell on one pc) lost its
# leaf frame (spin`hidden_leaf: no, once in a CI run).
# @@timeout: 180
. "$(dirname "$0")/usym_lib.sh"
fg_git=/work/.mirror/brendangregg+FlameGraph/repo
for s in stackcollapse.pl flamegraph.pl; do
	if [ -n "$FLAMEGRAPH_DIR" ] && [ -f "$FLAMEGRAPH_DIR/$s" ]; then
		cp "$FLAMEGRAPH_DIR/$s" "$dir/$s"
	elif ! git --git-dir="$fg_git" show "HEAD:$s" > "$dir/$s" 2> /dev/null; then
		echo "no FlameGraph scripts: set FLAMEGRAPH_DIR to a checkout of github.com/brendangregg/FlameGraph" >&2
		exit 77
	fi
done
build_spin spin
cc -O0 -g -fno-omit-frame-pointer -o "$dir/nap" "$src/nap.c" || exit 1
cd "$dir" || exit 1

# The README's on-CPU one-liner (profile-99 and tick-60s in the README;
# more samples and a shorter run here; dtrace kills the program it ran).
"$dtrace" -x ustackframes=100 -n 'profile-199 /pid == $target/ { @[ustack()] = count(); }
tick-2s { exit(0); }' -c './spin 60' -o out.user_stacks > /dev/null 2>&1 ||
	{ echo "on-CPU dtrace failed"; exit 1; }
perl stackcollapse.pl out.user_stacks > out.user_folded &&
	perl flamegraph.pl out.user_folded > on-cpu.svg || exit 1
# The README's off-CPU one-liner.
"$dtrace" -x ustackframes=100 -n '
sched:::off-cpu /pid == $target/ { self->ts = timestamp; }
sched:::on-cpu /self->ts/ { @[ustack()] = sum(timestamp - self->ts); self->ts = 0; }
tick-2s { exit(0); }' -c './nap 60' -o out.offcpu_stacks > /dev/null 2>&1 || { echo "off-CPU dtrace failed"; exit 1; }
perl stackcollapse.pl out.offcpu_stacks > out.offcpu_folded &&
	perl flamegraph.pl --title="Off-CPU Time Flame Graph" --countname=ns out.offcpu_folded > off-cpu.svg || exit 1

for f in out.user_stacks out.offcpu_stacks; do echo "$f: $(head -n 1 "$f" | tr -s ' ')"; done
# Each frame is a <title>NAME (N samples, P%)</title> of the SVG.
sed -n 's/.*<title>\(.*\) ([0-9,]* \(samples\|ns\), .*/\1/p' on-cpu.svg off-cpu.svg | sort -u > frames
has frames 'spin`hidden_leaf' 'spin`hidden_mid' 'spin`main' 'nap`main' 'libc.so.6`clock_nanosleep'
grep -c '<title>' on-cpu.svg off-cpu.svg | sed 's/:[1-9][0-9]*$/: titles/'
