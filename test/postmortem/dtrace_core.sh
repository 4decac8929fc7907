#!/bin/sh
# dtrace -x core=FILE end to end (doc/postmortem.md): our programs dump
# core under the kernel in a scratch directory, and D runs on the dumps.
# Every expectation comes from the programs' sources and arguments
# (thread counts, function names, strings) or from what they print of
# themselves (pid, &head). Skips (77), saying why, where the kernel
# writes no core file into the working directory.
# usage: dtrace_core.sh build/dtrace pm_threads pm_list pm_cxx
dtrace=$(realpath "$1") threads=$(realpath "$2") list=$(realpath "$3") cxx=$(realpath "$4")
src=$(dirname "$(realpath "$0")")
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pattern=$(cat /proc/sys/kernel/core_pattern)
case $pattern in
'|'* | /*)
	echo "dtrace_core: skipped: core dumps go to $pattern, not to the working directory"
	exit 77
	;;
esac

# make_core DIR PROGRAM ARGS...: PROGRAM dumps core in DIR (its stdout in
# DIR/out, the signal it died of in DIR/signal); prints the core's path.
make_core() {
	dir=$1
	shift
	mkdir -p "$dir"
	(cd "$dir" && ulimit -c unlimited && exec "$@" >out 2>/dev/null)
	echo $(($? - 128)) >"$dir/signal"
	for f in "$dir"/core*; do
		[ -f "$f" ] && echo "$f" && return 0
	done
	return 1
}

# check NAME WANT GOT: one result.
check() {
	if [ "$2" = "$3" ]; then
		echo "ok $1"
	else
		printf 'FAIL %s\n  want: %s\n  got:  %s\n' "$1" "$2" "$3"
		fail=1
	fi
}

# stack_counts MOD 'F1|F2|...': of the ustack() aggregation by count()
# on stdin, how many threads had each MOD`Fi on their stack (the first
# of the list a stack holds), as "F1 N1 F2 N2 ..."; then "unnamed N",
# the frames not named MOD`FUNC[+0xOFF] as the live ustack names them
# (each also to stderr).
stack_counts() {
	awk -v mod="$1" -v funcs="$2" '
	BEGIN { n = split(funcs, f, "|") }
	/^ *$/ { next }
	NF == 1 && $1 ~ /^[0-9]+$/ { c[hit] += $1; hit = ""; next }
	{
		if ($0 !~ /^ +[^ `]+`[^ ]/) { unnamed++; print "unnamed frame:", $0 >"/dev/stderr" }
		for (i = 1; i <= n && hit == ""; i++) if (index($0, mod "`" f[i] "+")) hit = f[i]
	}
	END { for (i = 1; i <= n; i++) printf("%s %d ", f[i], c[f[i]]); print "unnamed", unnamed + 0 }'
}

nthreads=6
tcore=$(make_core "$tmp/threads" "$threads" $nthreads) || {
	echo "dtrace_core: skipped: no core file was written (core_pattern $pattern)"
	exit 77
}
tpid=$(cat "$tmp/threads/out")
# pm_list runs from a copy that then moves: its dump names a path that is
# gone, so every run on it names the executable with -x coreexe.
mkdir -p "$tmp/bin" "$tmp/moved"
cp "$list" "$tmp/bin/pm_list"
lcore=$(make_core "$tmp/list" "$tmp/bin/pm_list" alpha beta gamma) || {
	echo "dtrace_core: FAIL: pm_list wrote no core file"
	exit 1
}
mv "$tmp/bin/pm_list" "$tmp/moved/pm_list"
read -r lpid head <"$tmp/list/out"

d() { "$dtrace" -q "$@" 2>"$tmp/err"; }

# BEGIN and END run as the dumped process; core:::thread once a thread.
check begin_end "$tpid pm_threads
$((nthreads + 1)) threads" "$(d -x core="$tcore" -n '
	BEGIN { printf("%d %s\n", pid, execname); }
	core:::thread { n++; }
	END { printf("%d threads\n", n); }')"
check thread_ids "$((nthreads + 1)) $(((nthreads + 1) * nthreads / 2)) 1" "$(d -x core="$tcore" -n '
	core:::thread { @t[tid] = count(); i += arg0; p = pid == '"$tpid"'; }
	END { printa("%d\n", @t); printf("%d %d\n", i, p); }' | awk 'NF == 1 && $1 != "" { n++ } NF == 2 { s = $0 } END { print n, s }')"

# core:::fault: the signal and address of the fatal fault, in its thread.
check fault_segv "$lpid $(cat "$tmp/list/signal") 10 pm_list pm_list\`crash_here pm_list\`crash_here pm_list" \
	"$(d -x core="$lcore" -x coreexe="$tmp/moved/pm_list" -n '
	core:::fault {
		printf("%d %d %x %s", pid, arg0, arg1, execname);
		ufunc(uregs[R_PC]); usym(uregs[R_PC]); umod(uregs[R_PC]);
	}' | tr -s ' \n' '  ' | sed 's/ $//')"
check fault_abort "$(cat "$tmp/threads/signal")" "$(d -x core="$tcore" -n 'core:::fault { printf("%d\n", arg0); }')"

# Memory: a linked list walked with copyin/copyinstr, its last name a
# literal that only the executable file holds.
check list_walk "alpha 1
beta 2
gamma 3
rodata-name 100" "$(d -x core="$lcore" -x coreexe="$tmp/moved/pm_list" -n '
	struct node { struct node *next; char *name; int value; };
	core:::fault {
		this->p = (struct node *)copyin(*(uintptr_t *)copyin('"$head"', 8), sizeof (struct node));
		printf("%s %d\n", copyinstr((uintptr_t)this->p->name), this->p->value);
		this->p = (struct node *)copyin((uintptr_t)this->p->next, sizeof (struct node));
		printf("%s %d\n", copyinstr((uintptr_t)this->p->name), this->p->value);
		this->p = (struct node *)copyin((uintptr_t)this->p->next, sizeof (struct node));
		printf("%s %d\n", copyinstr((uintptr_t)this->p->name), this->p->value);
		this->p = (struct node *)copyin((uintptr_t)this->p->next, sizeof (struct node));
		printf("%s %d\n", copyinstr((uintptr_t)this->p->name), this->p->value);
	}')"
# The executable's globals by module-scoped name, with their DWARF types:
# the same list through pm_list`head, and a.out naming the executable.
check globals "alpha beta gamma rodata-name 100" "$(d -x core="$lcore" -x coreexe="$tmp/moved/pm_list" -n '
	core:::fault {
		printf("%s %s %s", stringof(pm_list`head->name), stringof(pm_list`head->next->name),
		    stringof(a.out`head->next->next->name));
		printf(" %s %d\n", stringof(pm_list`head->next->next->next->name), pm_list`head->next->next->next->value);
	}')"
# A structure in the dump's memory recorded whole (print(), trace():
# copied in, DIF_TF_BYUREF), typed by the object that defines it.
check print_struct "struct pm_list\`node { int value = 0x1 } 02" "$(d -x core="$lcore" -x coreexe="$tmp/moved/pm_list" -n '
	core:::fault { print(*pm_list`head); trace(*pm_list`head->next); }' |
	awk '/^struct|value =|^}/ { printf("%s ", $0) } $1 == "10:" { print $2 }' | tr -s ' ')"
"$dtrace" -x core="$lcore" -x coreexe="$tmp/moved/pm_list" -n 'core:::fault { trace(pm_list`no_such); }' \
	>/dev/null 2>"$tmp/err"
check unknown_global "1 yes" "$? $(grep -q 'pm_list`no_such: Unknown symbol name' "$tmp/err" && echo yes)"
out=$(d -x core="$lcore" -x coreexe="$tmp/moved/pm_list" -n 'core:::fault { trace(*(int *)copyin(0x10, 4)); }')
check unmapped_faults "invalid address (0x10)" "$(grep -o 'invalid address (0x10)' "$tmp/err")"

# ustack(): the faulting thread's chain, and the threads' stacks
# aggregated: each worker function holds half the workers (a worker may
# still be leaving the barrier, so the innermost frames may differ).
check fault_stack "crash_here main" "$(d -x core="$lcore" -x coreexe="$tmp/moved/pm_list" -n 'core:::fault { ustack(); }' |
	sed -n 's/^ *pm_list`\([a-z_]*\).*/\1/p' | head -2 | tr '\n' ' ' | sed 's/ $//')"
check thread_stacks "worker_even $((nthreads / 2)) worker_odd $((nthreads / 2)) main 1 unnamed 0" "$(d -x core="$tcore" -n '
	core:::thread { @[ustack()] = count(); }' | stack_counts pm_threads 'worker_even|worker_odd|main')"

# The same one line of D over a 1,000-thread dump (issue 31's "done
# when"): pm_threads with 999 workers, each with glibc's default 8 MiB
# stack (a dump of sparse segments). Its time is printed, not checked.
many=999
mcore=$(make_core "$tmp/many" "$threads" $many) || {
	echo "dtrace_core: FAIL: pm_threads $many wrote no core file"
	exit 1
}
t0=$(date +%s%N)
d -x core="$mcore" -n 'core:::thread { @[ustack()] = count(); }' >"$tmp/many/stacks"
t1=$(date +%s%N)
echo "time: $((many + 1)) threads' stacks aggregated in $(((t1 - t0) / 1000000)) ms"
check many_stacks "worker_even $(((many + 1) / 2)) worker_odd $((many / 2)) main 1 unnamed 0" \
	"$(stack_counts pm_threads 'worker_even|worker_odd|main' <"$tmp/many/stacks")"
check many_threads "$((many + 1)) $((many + 1))" "$(d -x core="$mcore" -n '
	core:::thread { @t[tid] = count(); n++; }
	END { printa("%d\n", @t); printf("%d\n", n); }' | awk 'NF == 1 { k++; last = $1 } END { print k - 1, last }')"

# C++: threads in member functions, frames demangled as the live
# ustack demangles them; a std::list<std::string> walked through
# userland pointers (libstdc++'s layout: a node's links, then the
# string, whose characters pointer comes first; the list's head node
# holds its size); a load through a null pointer, whose fault address is
# 0 and whose frame's source line is the load's.
ncxx=7
ccore=$(make_core "$tmp/cxx" "$cxx" $ncxx espresso a-name-longer-than-the-sso-buffer ristretto) || {
	echo "dtrace_core: FAIL: pm_cxx wrote no core file"
	exit 1
}
read -r cpid names <"$tmp/cxx/out"
check cxx_threads "shop::Pool::serve() $(((ncxx + 2) / 3)) shop::Pool::idle() $((ncxx - (ncxx + 2) / 3)) main 1 unnamed 0" \
	"$(d -x core="$ccore" -n 'core:::thread { @[ustack()] = count(); }' |
		stack_counts pm_cxx 'shop::Pool::serve()|shop::Pool::idle()|main')"
check cxx_null_fault "$cpid $(cat "$tmp/cxx/signal") 0 shop::Ledger::post(shop::Order const*) main" \
	"$(d -x core="$ccore" -n 'core:::fault { printf("%d %d %x\n", pid, arg0, arg1); ustack(); }' |
		sed -n '1p; s/^ *pm_cxx`\(.*\)+0x[0-9a-f]*$/\1/p' | head -3 | tr '\n' ' ' | sed 's/ $//')"
check cxx_fault_line "$(grep -n 'total += o->price' "$src/pm_cxx.cc" | cut -d: -f1)" \
	"$(d -x core="$ccore" -x oformat=json -n 'core:::fault { ustack(1); }' |
		grep -o '"symbol":"shop::Ledger::post(shop::Order const\*)",[^}]*"line":[0-9]*' | sed 's/.*"line"://')"
check cxx_list "3 espresso a-name-longer-than-the-sso-buffer 33 ristretto 1" "$(d -x core="$ccore" -n '
	struct lnode { uintptr_t next; uintptr_t prev; char *chars; size_t len; };
	struct slist { uintptr_t next; uintptr_t prev; size_t size; };
	core:::fault {
		this->l = (userland struct slist *)'"$names"';
		this->n = (userland struct lnode *)this->l->next;
		printf("%d %s", this->l->size, copyinstr((uintptr_t)this->n->chars));
		this->n = (userland struct lnode *)this->n->next;
		printf(" %s %d", copyinstr((uintptr_t)this->n->chars), this->n->len);
		this->n = (userland struct lnode *)this->n->next;
		printf(" %s %d\n", copyinstr((uintptr_t)this->n->chars), this->n->next == '"$names"');
	}')"

# A stripped executable whose symbols and DWARF are in a separate file
# that .gnu_debuglink names: frames, names and the global's type come
# from that file.
mkdir -p "$tmp/stripped"
cp "$list" "$tmp/stripped/pm_list"
(cd "$tmp/stripped" && objcopy --only-keep-debug pm_list pm_list.debug && strip --strip-all pm_list &&
	objcopy --add-gnu-debuglink=pm_list.debug pm_list)
score=$(make_core "$tmp/stripped" "$tmp/stripped/pm_list" delta) || {
	echo "dtrace_core: FAIL: the stripped pm_list wrote no core file"
	exit 1
}
check stripped "delta pm_list\`crash_here" "$(d -x core="$score" -n '
	core:::fault { printf("%s", stringof(pm_list`head->name)); ufunc(uregs[R_PC]); }' | tr -s ' \n' '  ' | sed 's/ $//')"

# gdb's gcore writes dumps of its own (every page, its own note order):
# the same threads, fault and stacks from one, where gdb runs here.
if command -v gdb >/dev/null 2>&1; then
	mkdir -p "$tmp/gcore"
	gdb -q -batch -ex run -ex "gcore $tmp/gcore/core" --args "$threads" 4 >"$tmp/gcore/out" 2>&1
	if [ -f "$tmp/gcore/core" ]; then
		check gcore "5 $(cat "$tmp/threads/signal")" "$(d -x core="$tmp/gcore/core" -n '
			core:::thread { n++; } core:::fault { s = arg0; } END { printf("%d %d\n", n, s); }')"
		check gcore_stacks "worker_even 2 worker_odd 2 main 1 unnamed 0" "$(d -x core="$tmp/gcore/core" -n '
			core:::thread { @[ustack()] = count(); }' | stack_counts pm_threads 'worker_even|worker_odd|main')"
	else
		echo "skipped gcore: gdb wrote no core ($(tail -1 "$tmp/gcore/out"))"
	fi
else
	echo "skipped gcore: no gdb"
fi

# Options: a missing file and a wrong executable are refused, saying why.
"$dtrace" -x core="$tmp/none" -n BEGIN >/dev/null 2>"$tmp/err"
check missing_core "1 yes" "$? $(grep -q 'cannot read core file' "$tmp/err" && echo yes)"
head -c 8192 "$lcore" >"$tmp/truncated"
"$dtrace" -x core="$tmp/truncated" -n BEGIN >/dev/null 2>"$tmp/err"
check truncated_core "1 yes" "$? $(grep -q 'runs past the end of the file (a truncated dump)' "$tmp/err" && echo yes)"
"$dtrace" -x core="$lcore" -n BEGIN >/dev/null 2>"$tmp/err"
check moved_exe "1 yes" "$? $(grep -q "cannot read the executable $tmp/bin/pm_list.*coreexe" "$tmp/err" && echo yes)"
"$dtrace" -x core="$lcore" -x coreexe="$tmp/none" -n BEGIN >/dev/null 2>"$tmp/err"
check missing_exe "1 yes" "$? $(grep -q 'cannot read the executable' "$tmp/err" && echo yes)"
exit $fail
