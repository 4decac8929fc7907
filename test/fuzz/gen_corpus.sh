#!/usr/bin/env bash
# Regenerates test/fuzz/corpus/: the program containers build/dtrace sends
# DTRACEIOC_ENABLE for each program below (NN-name-K.dtp: its Kth ENABLE), caught by enable_dump.so. Needs
# the module, so run it in the guest from the top of the tree:
#   test/vm/run -- test/fuzz/gen_corpus.sh
# Each program ends at once (BEGIN exits); its other clauses are on probes
# the fuzzer makes fire after GO (syscall::getppid, profile).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
dtrace=$top/build/dtrace
shim=$top/build/test/fuzz/libenable_dump.so
out=$top/test/fuzz/corpus
[ -x "$dtrace" ] && [ -f "$shim" ] || { echo "gen_corpus: build dtrace and enable_dump first" >&2; exit 2; }
mkdir -p "$out" && rm -f "$out"/*.dtp

g='syscall::getppid:entry'
progs=(
"trace||BEGIN { trace(\"hello\"); trace(1234); exit(0); }"
"printf||BEGIN { printf(\"%d %s %x\\n\", pid, execname, 1); exit(0); }"
"count_keys||$g { @c[execname, pid] = count(); @s[probefunc] = sum(arg0); } BEGIN { exit(0); }"
"aggs|-x aggsize=64k|$g { @a = avg(1); @mi = min(arg0); @ma = max(arg0); @sd = stddev(timestamp); } BEGIN { exit(0); }"
"quantize||$g { @q = quantize(timestamp); @l = lquantize(arg0, 0, 100, 10); @ll = llquantize(timestamp, 10, 0, 6, 20); @w[tid] = quantize(1, 3); } BEGIN { exit(0); }"
"printa||$g { @[execname] = count(); } END { printa(\"%s %@d\\n\", @); trunc(@, 1); normalize(@, 2); clear(@); } BEGIN { exit(0); }"
"predicate_vars||$g { self->n = 1; } $g /pid != 0 && self->n < 10/ { self->n++; x = 1; x = x + 1; a[pid, execname] = timestamp; this->t = walltimestamp; trace(this->t); } BEGIN { exit(0); }"
"strings|-x strsize=512|$g { s = strjoin(execname, \"-x\"); trace(substr(s, 1, 3)); trace(strstr(s, \"x\")); trace(index(s, \"-\")); trace(lltostr(pid)); trace(toupper(s)); trace(strlen(s)); } BEGIN { exit(0); }"
"speculation|-x nspec=4 -x specsize=64k|$g { self->s = speculation(); } $g /self->s/ { speculate(self->s); trace(pid); } syscall::getppid:return /self->s/ { commit(self->s); self->s = 0; } BEGIN { exit(0); }"
"discard|-x nspec=2|$g { self->s = speculation(); speculate(self->s); printf(\"%d\", tid); } syscall::getppid:return /self->s/ { discard(self->s); self->s = 0; } BEGIN { exit(0); }"
"stacks||$g { stack(); ustack(); sym(arg0); mod(arg0); usym(arg0); @[stack(3)] = count(); } BEGIN { exit(0); }"
"tracemem||$g { tracemem(curthread, 16); tracemem(curthread, 64, arg0); trace(curthread->pid); } BEGIN { exit(0); }"
"error_end||ERROR { trace(arg4); } END { trace(1); } $g { trace(*(int *)0); } BEGIN { exit(0); }"
"bufpolicy_ring|-x bufpolicy=ring -x bufsize=16k|$g { trace(timestamp); } BEGIN { exit(0); }"
"bufpolicy_fill|-x bufpolicy=fill -x bufsize=8k -x dynvarsize=64k -x cleanrate=50hz|$g { trace(timestamp); } BEGIN { exit(0); }"
"tick|-x cpu=0 -x switchrate=10hz -x aggrate=10hz|profile:::tick-1s { @ = count(); } BEGIN { exit(0); }"
"assoc_strings|-x strsize=1024 -x dynvarsize=128k|$g { m[execname, probefunc] = strjoin(execname, probefunc); trace(m[execname, probefunc]); } BEGIN { exit(0); }"
"ternary_loops||$g { x = arg0 > 1 ? (arg1 > 2 ? 3 : 4) : 5; trace(x << 3 | arg0 ^ 7); trace(x % 3); trace(-x / 2); } BEGIN { exit(0); }"
"struct_print||BEGIN { print(*curthread->mm); trace(curthread->comm); exit(0); }"
"destructive|-w|$g /0/ { raise(0); chill(1); } BEGIN { exit(0); }"
"many_clauses||BEGIN { a = 1; } BEGIN { b = 2; } BEGIN /a/ { trace(a + b); } BEGIN { exit(0); } END { trace(3); }"
)
n=0
for p in "${progs[@]}"; do
	name=${p%%|*}; rest=${p#*|}; opts=${rest%%|*}; prog=${rest#*|}
	n=$((n + 1))
	file=$(printf '%s/%02d-%s.dtp' "$out" "$n" "$name")
	# shellcheck disable=SC2086
	if ! LD_PRELOAD=$shim DTRACE_FUZZ_DUMP=$file timeout 60 "$dtrace" -q $opts -n "$prog" >/dev/null 2>/tmp/gen_corpus.err; then
		echo "gen_corpus: $name: $(head -c 300 /tmp/gen_corpus.err)" >&2
	fi
	# dtrace enables its own ERROR-reporting program first, then ours:
	# NN-name.dtp and NN-name.dtp.1 become NN-name-0.dtp, NN-name-1.dtp.
	for f in "$file" "$file".[0-9]*; do
		[ -s "$f" ] || continue
		case $f in *.dtp) k=0 ;; *) k=${f##*.} ;; esac
		mv "$f" "${file%.dtp}-$k.dtp"
		echo "${file%.dtp}-$k.dtp $(stat -c %s "${file%.dtp}-$k.dtp")"
	done
done
# The same blob twice (dtrace's own program with the same options): once.
md5sum "$out"/*.dtp | sort -k1,1 -k2 | awk 'seen[$1]++ { print $2 }' | xargs -r rm -f
