#!/usr/bin/env bash
# The D suite (test/d) under -x backend=bpf natively, held to
# test/bpf/differs.list, which names every test that does not pass there
# and why ("TEST CAUSE: what", doc/bpf.md): with --all every test runs,
# each listed one must fail and every other one pass (or skip), so a
# listed test that starts passing, or an unlisted one that fails, fails
# the check. A reason that starts "flaky:" accepts either verdict. The
# whole suite takes about 30 minutes (-j 3 on two cores: tests waiting
# for timeouts), so ctest (bpf_differs) runs only the listed tests whose
# cause is "refused:", which fail at once, besides the checks of the list
# itself (tests that exist, named once, not also in d_suite.list, which
# bpf_d_suite runs). Runs in a mount namespace of its own with tracefs
# mounted where it is not (sdt names its probes by the systems tracefs
# shows). Passes, saying so, where bpf() is not permitted.
# In the guest (test/vm/run, the module loaded: --guest) the list's
# host: and module: entries name what the native host lacks and the
# guest has, so those tests must pass there, and
# test/bpf/differs_guest.list names the tests that differ there only
# (or for another cause), in the same form; its entries take the place
# of differs.list's. Both lists are checked (tests that exist, named
# once) either way.
# usage: d_suite_all.sh [--all] [--guest] [-j N] [--keep DIR] [--log LOG] build/dtrace [TEST...]
#   --all       every test of test/d (or the TESTs named), and the
#               figures: passed, failed by cause (the reason's first
#               word), skipped
#   --guest     held to the lists as in the guest (above)
#   -j N        N runtests at once, each a share of the tests (default 2:
#               most tests wait on a timer or a trigger)
#   --keep DIR  keep runtest's report as DIR/runtest.log
#   --log LOG   run nothing: hold a report kept so (or runtest
#               --verbose's, a guest's) to the lists
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
all=0 guest=0 keep='' from='' jobs=2
while [ $# -gt 0 ]; do
	case "$1" in
	--all) all=1; shift ;;
	--guest) guest=1; shift ;;
	--keep) keep=$2; shift 2 ;;
	--log) from=$(realpath "$2"); shift 2 ;;
	-j) jobs=$2; shift 2 ;;
	--) shift; break ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || { sed -n '2,31p' "$0"; exit 2; }
dtrace=$(realpath "$1")
shift

if [ -z "$from" ] && [ -z "${D_SUITE_NS:-}" ] && ! grep -q ' /sys/kernel/tracing tracefs ' /proc/mounts &&
	unshare -m true 2>/dev/null; then
	export D_SUITE_NS=1
	opts=(-j "$jobs")
	[ $all = 1 ] && opts+=(--all)
	[ $guest = 1 ] && opts+=(--guest)
	[ -n "$keep" ] && opts+=(--keep "$keep")
	# shellcheck disable=SC2016 # expanded by the inner shell
	exec unshare -m bash -c 'mount -t tracefs nodev /sys/kernel/tracing && exec "$@"' \
		bash "$0" "${opts[@]}" -- "$dtrace" "$@"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$from" ] && ! "$dtrace" -x backend=bpf -q -n 'BEGIN { exit(0); }' >/dev/null 2>"$tmp/err"; then
	if grep -q 'bpf() is not permitted' "$tmp/err"; then
		echo "d_suite_all: skipped: $(cat "$tmp/err")"
		exit 0
	fi
fi
# dtrace -x backend=bpf as TMP/top/build/dtrace: tests find the tree
# at dtrace's ../ (test/fuzz/, the headers) and the build beside it
# (triggers, test programs, vm/), so both are mirrored by links.
mkdir -p "$tmp/top/build"
for f in "$top"/* "$(dirname "$dtrace")"/*; do
	case $f in "$top/build" | "$dtrace") continue ;; esac
	if [ "${f%/*}" = "$top" ]; then ln -s "$f" "$tmp/top/"; else ln -s "$f" "$tmp/top/build/"; fi
done
printf '#!/bin/sh\nexec "%s" -x backend=bpf "$@"\n' "$dtrace" >"$tmp/top/build/dtrace"
chmod +x "$tmp/top/build/dtrace"

# differs.list, differs_guest.list: "TEST REASON", TEST relative to test/d.
grep -v '^#' "$here/d_suite.list" | grep . | sort >"$tmp/short"
for l in differs differs_guest; do
	grep -v '^#' "$here/$l.list" | grep . >"$tmp/$l"
	awk '{ print $1 }' "$tmp/$l" | sort >"$tmp/$l.names"
	if dup=$(uniq -d "$tmp/$l.names") && [ -n "$dup" ]; then
		echo "FAIL: named twice in $l.list: $dup"
		exit 1
	fi
	# A test bpf_d_suite holds to the module's output natively is not also
	# listed as differing there: whoever added it there removes it here.
	if [ $l = differs ] && both=$(comm -12 "$tmp/$l.names" "$tmp/short") && [ -n "$both" ]; then
		echo "FAIL: in both d_suite.list and $l.list:" "$both"
		exit 1
	fi
	missing=$(while read -r t; do [ -e "$top/test/d/$t" ] || echo "$t"; done <"$tmp/$l.names")
	if [ -n "$missing" ]; then
		echo "FAIL: $l.list names tests that do not exist:" "$missing"
		exit 1
	fi
done
# In the guest: differs.list less its host: and module: entries and
# those differs_guest.list names, then differs_guest.list's.
if [ $guest = 1 ]; then
	awk -v g="$tmp/differs_guest" 'BEGIN { while ((getline l < g) > 0) { split(l, f); in_g[f[1]] = 1 } }
		!($1 in in_g) && $2 != "host:" && $2 != "module:"' "$tmp/differs" >"$tmp/native"
	cat "$tmp/native" "$tmp/differs_guest" >"$tmp/differs"
fi
awk '{ print $1 }' "$tmp/differs" | sort >"$tmp/listed"

if [ $# -gt 0 ]; then
	printf '%s\n' "$@" | sed "s|^$top/||; s|^test/d/||" | sort >"$tmp/run"
elif [ $all = 1 ]; then
	(cd "$top/test/d" && find . -name 'tst.*.d' -o -name 'err.*.d' -o -name 'tst.*.sh' -o -name 'err.*.sh') |
		sed 's|^\./||' | grep -v '^lib/' | sort >"$tmp/run"
else
	awk '$2 == "refused:" { print $1 }' "$tmp/differs" | sort >"$tmp/run"
fi
sed -i "s|^|$top/test/d/|" "$tmp/run"
if [ -n "$from" ]; then
	cp "$from" "$tmp/log"
else
	# The tests that start USDT programs in one share, one after another:
	# a -Z consumer of testapp*:::query-start (usdt/tst.late_procs.sh)
	# late-matches every usdt_app another test starts meanwhile.
	: >"$tmp/usdt"
	: >"$tmp/rest"
	while read -r t; do
		if [[ $t == */test/d/usdt/* ]] || grep -qs usdt_app "$t"; then
			echo "$t" >>"$tmp/usdt"
		else
			echo "$t" >>"$tmp/rest"
		fi
	done <"$tmp/run"
	split -n "r/$jobs" "$tmp/rest" "$tmp/share."
	cat "$tmp/usdt" >>"$tmp/share.aa"
	for f in "$tmp"/share.*; do
		mapfile -t tests <"$f"
		[ ${#tests[@]} -gt 0 ] || continue
		"$top/test/harness/runtest" --verbose --dtrace "$tmp/top/build/dtrace" "${tests[@]}" >"$f.log" 2>&1 &
	done
	wait
	cat "$tmp"/share.*.log >"$tmp/log"
fi
[ -n "$keep" ] && mkdir -p "$keep" && cp "$tmp/log" "$keep/runtest.log"

# Each test's verdict, and what runtest said of a failure.
sed -En 's#^(PASS|FAIL|SKIP): test/d/([^ ]*).*#\2 \1#p' "$tmp/log" | sort >"$tmp/verdicts"
lists=differs.list
[ $guest = 1 ] && lists="differs.list (host: and module: entries pass) and differs_guest.list"
bad=0
while read -r t v; do
	reason=$(awk -v t="$t" '$1 == t { $1 = ""; sub(/^ /, ""); print; exit }' "$tmp/differs")
	case "$v:$reason" in
	*:flaky:*) ;;
	FAIL:) bad=$((bad + 1)); echo "FAIL: $t fails under the bpf backend and $lists does not say why:"
		awk -v t="FAIL: test/d/$t " 'index($0, t) == 1 { p = 1; print; next }
			/^(PASS|FAIL|SKIP): / { p = 0 } p' "$tmp/log" | head -n 30 ;;
	PASS:?*) bad=$((bad + 1)); echo "FAIL: $t passes under the bpf backend: take it out of $lists ($reason)" ;;
	esac
done <"$tmp/verdicts"
# A listed test that did not run (a typo; not asked of a --log, which
# may be a part of a run).
if [ $# -eq 0 ] && [ $all = 1 ] && [ -z "$from" ]; then
	awk '{ print $1 }' "$tmp/verdicts" | sort >"$tmp/ran"
	gone=$(comm -23 "$tmp/listed" "$tmp/ran")
	[ -n "$gone" ] && { echo "FAIL: listed in $lists but not run:" "$gone"; bad=$((bad + 1)); }
fi

n() { awk -v v="$1" '$2 == v' "$tmp/verdicts" | wc -l; }
echo "d_suite_all: $(wc -l <"$tmp/verdicts") tests: $(n PASS) passed, $(n FAIL) failed, $(n SKIP) skipped"
if [ $all = 1 ]; then
	echo "failed by cause ($lists):"
	awk '$2 == "FAIL" { print $1 }' "$tmp/verdicts" | while read -r t; do
		awk -v t="$t" '$1 == t { print $2; f = 1 } END { if (!f) print "unlisted" }' "$tmp/differs"
	done | sed 's/:$//' | sort | uniq -c | sort -rn
fi
grep -E '^(slowest|total):' "$tmp/log"
[ $bad = 0 ]
