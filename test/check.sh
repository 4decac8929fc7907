#!/usr/bin/env bash
# make check: unit tests (ctest) natively, then the D suite in one guest
# boot per supported kernel. Prints each part's results and ends with the
# sum of all as "N passed, N failed".
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
unit_passed=$((unit_total - unit_failed))

# A WARN, soft lockup, hung task or RCU stall anywhere in the run panics
# the guest (vm/run: exit 123) instead of passing unnoticed.
panics="panic_on_warn=1 softlockup_panic=1 hung_task_panic=1 sysctl.kernel.panic_on_rcu_stall=1"

# guest_suite KVER: the whole D suite in one boot of KVER; adds its
# counts to d_passed/d_failed and a line to summary.
d_passed=0 d_failed=0 summary=
guest_suite() {
	local kver=$1 rc p f why last
	echo "== D test suite (guest kernel $kver, $panics)"
	DTVM_KVER=$kver test/vm/setup >/dev/null || {
		echo "check: guest setup failed for $kver" >&2
		d_failed=$((d_failed + 1)) summary="$summary; $kver: setup failed"
		return
	}
	DTVM_KVER=$kver test/vm/run --timeout 3000 --append "$panics" -- test/harness/runtest 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	p=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\1/p' "$log" | tail -n1)
	f=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\2/p' "$log" | tail -n1)
	if [ -z "$p" ]; then
		case $rc in
		123) why="the guest kernel panicked (a WARN, oops, soft lockup, hung task or RCU stall: console above)" ;;
		124) why="the guest ran out of time" ;;
		*) why="exit $rc" ;;
		esac
		last=$(grep -o 'runtest: test/d/[^ ]*' "$log" | tail -n1)
		echo "check: the $kver guest run ended without a summary: $why${last:+; last test started: ${last#runtest: }}" >&2
		p=0 f=1
	elif [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		# All tests passed, then the guest crashed (at shutdown, rmmod...).
		echo "check: the $kver guest ended with exit $rc after its summary" >&2
		f=1
	fi
	d_passed=$((d_passed + p)) d_failed=$((d_failed + f))
	summary="$summary; guest D suite on $kver: $p passed, $f failed"
}

# Every supported kernel (test/vm/kernels), one after the other: two
# guests side by side on a 2-CPU host would skew the timing tests.
kvers=$(test/vm/kver --all) || { echo "check: cannot list the kernels" >&2; exit 1; }
for kver in $kvers; do
	guest_suite "$kver"
done

passed=$((unit_passed + d_passed))
failed=$((unit_failed + d_failed))
echo "unit: $unit_passed passed, $unit_failed failed$summary"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
