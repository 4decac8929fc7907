#!/usr/bin/env bash
# make check: unit tests (ctest) natively, then the D suite in one guest
# boot per supported kernel: the whole suite on the kernels the host
# builds for, the provider smoke set (test/vm/smoke) on those built in a
# chroot (test/vm/kernels' third column). Prints each part's results and ends with the
# sum of all as "N passed, N failed", after the skipped tests, why, and
# their count (a missing tool is a skip to see, not a pass).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
log=$(mktemp /tmp/check.XXXXXX)
trap 'rm -f "$log"' EXIT

echo "== unit tests (native)"
(cd build && ctest --output-on-failure -j "$(nproc)") 2>&1 | tee "$log"
unit_total=$(sed -n 's/.*tests passed, \([0-9]*\) tests failed out of \([0-9]*\).*/\2/p' "$log" | tail -n1)
unit_failed=$(sed -n 's/.*tests passed, \([0-9]*\) tests failed out of \([0-9]*\).*/\1/p' "$log" | tail -n1)
unit_total=${unit_total:-0} unit_failed=${unit_failed:-1}
# ctest counts a skipped test (SKIP_RETURN_CODE) as passed: take it out.
unit_skipped=$(grep -c '^[[:space:]]*[0-9]* - .* (Skipped)$' "$log")
unit_passed=$((unit_total - unit_failed - unit_skipped))
skips=$(sed -n 's/^[[:space:]]*[0-9]* - \(.*\) (Skipped)$/unit: \1/p' "$log")

# A WARN, soft lockup, hung task or RCU stall anywhere in the run panics
# the guest (vm/run: exit 123) instead of passing unnoticed.
panics="panic_on_warn=1 softlockup_panic=1 hung_task_panic=1 sysctl.kernel.panic_on_rcu_stall=1"

# guest_suite KVER [--share I/N | TEST...]: the whole D suite (its share
# of the kernel-neutral tests: runtest --share) or the TESTs in one boot
# of KVER, its output in $out/KVER.log; writes "PASSED FAILED
# SUMMARY-LINE" to $out/KVER.result.
guest_suite() {
	local kver=$1 rc p f why last glog=$out/$1.log what="D test suite" t0=$SECONDS
	shift
	local label="D suite"
	[ $# -eq 0 ] || [ "$1" = --share ] || what="D smoke set" label="smoke set"
	echo "== $what (guest kernel $kver, $panics)" >"$glog"
	# A guard against a hang, inside CI's 90 minutes: a fresh clone's
	# build and unit tests took 15 min (ccache warm), the shared suites
	# 52 and 55 min (6.1, 6.12) beside the smoke sets.
	DTVM_KVER=$kver test/vm/run --timeout 4200 --append "$panics" -- test/harness/runtest "$@" >>"$glog" 2>&1
	rc=$?
	echo "check: the $kver guest ran for $(( (SECONDS - t0) / 60 )) min $(( (SECONDS - t0) % 60 )) s" >>"$glog"
	p=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\1/p' "$glog" | tail -n1)
	f=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\2/p' "$glog" | tail -n1)
	if [ -z "$p" ]; then
		case $rc in
		123) why="the guest kernel panicked (a WARN, oops, soft lockup, hung task or RCU stall: console above)" ;;
		124) why="the guest ran out of time" ;;
		*) why="exit $rc" ;;
		esac
		last=$(grep -o 'runtest: test/d/[^ ]*' "$glog" | tail -n1)
		echo "check: the $kver guest run ended without a summary: $why${last:+; last test started: ${last#runtest: }}" >>"$glog"
		p=0 f=1
	elif [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		# All tests passed, then the guest crashed (at shutdown, rmmod...).
		echo "check: the $kver guest ended with exit $rc after its summary" >>"$glog"
		f=1
	fi
	echo "$p $f guest $label on $kver: $p passed, $f failed" >"$out/$kver.result"
}

# The kernels the host builds for at once, a guest each, the whole suite:
# TCG runs a guest's CPUs on one host thread, so on a 2-core host the two
# suites take the time of one (each guest has a private /tmp: vm/init).
# The chroot kernels' smoke sets run one after the other in a third guest
# beside them (a few minutes). Set-up (downloads, initramfs) runs first,
# one kernel after the other.
kvers=$(test/vm/kver --all) || { echo "check: cannot list the kernels" >&2; exit 1; }
out=$(mktemp -d /tmp/check-guests.XXXXXX)
trap 'rm -f "$log"; rm -rf "$out"' EXIT
smoke=$(sed -n '/^[^#]/s|^|test/d/|p' test/vm/smoke)
# The whole-suite kernels share the tests whose verdict does not depend
# on the kernel (test/harness/kernel_neutral), every Nth each: both
# guests took 61 and 65 min each for the whole suite on the 2-core host,
# 52 and 55 min for their shares.
# Counted from the last kernel down: 6.12's guest runs slower than 6.1's
# and share 0 held the lighter half (2,790 against 2,940 s on 6.1).
whole=0
for kver in $kvers; do
	[ -n "$(test/vm/kver --suite "$kver")" ] || whole=$((whole + 1))
done
started="" smokers="" share=$((whole - 1))
for kver in $kvers; do
	if DTVM_KVER=$kver test/vm/setup >/dev/null; then
		if [ -n "$(test/vm/kver --suite "$kver")" ]; then
			smokers="$smokers $kver"
		else
			guest_suite "$kver" --share "$share/$whole" &
			started="$started $kver" share=$((share - 1))
		fi
	else
		echo "check: guest setup failed for $kver" >&2
		echo "0 1 $kver: setup failed" >"$out/$kver.result"
	fi
done
if [ -n "$smokers" ]; then
	# shellcheck disable=SC2086 # the smoke set's paths have no blanks
	(for kver in $smokers; do guest_suite "$kver" $smoke; done) &
fi
echo "== D test suite on$started, smoke set on${smokers:- none}, side by side (each guest's output follows when all end)"
# A line every five minutes, so that a long wait is never silent.
t0=$SECONDS
while [ -n "$(jobs -pr)" ]; do
	for _ in $(seq 60); do
		sleep 5
		[ -n "$(jobs -pr)" ] || break 2
	done
	echo "check: guests running for $(( (SECONDS - t0) / 60 )) min"
done
wait
d_passed=0 d_failed=0 d_skipped=0 summary=
for kver in $kvers; do
	[ -f "$out/$kver.log" ] && cat "$out/$kver.log"
	read -r p f line <"$out/$kver.result" || { p=0 f=1 line="$kver: no result"; }
	s=$(sed -n 's/^[0-9]* passed, [0-9]* failed, \([0-9]*\) skipped$/\1/p' "$out/$kver.log" 2>/dev/null | tail -n1)
	s=${s:-0}
	skips="$skips${skips:+
}$(sed -n "s/^SKIP: /$kver: /p" "$out/$kver.log" 2>/dev/null)"
	d_passed=$((d_passed + p)) d_failed=$((d_failed + f)) d_skipped=$((d_skipped + s))
	summary="$summary; $line, $s skipped"
done

passed=$((unit_passed + d_passed))
failed=$((unit_failed + d_failed))
skipped=$((unit_skipped + d_skipped))
skips=$(printf '%s\n' "$skips" | sed '/^$/d')
[ -z "$skips" ] || { echo "skipped:"; printf '%s\n' "$skips" | sed 's/^/  /'; }
echo "unit: $unit_passed passed, $unit_failed failed, $unit_skipped skipped$summary"
echo "$skipped skipped (not counted below)"
# The last line is CI's: exactly "N passed, N failed".
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
