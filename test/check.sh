#!/usr/bin/env bash
# make check: unit tests (ctest) natively, then the D suite in one guest
# boot. Prints each part's results and ends with the sum of both as
# "N passed, N failed".
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
echo "== D test suite (guest kernel $(test/vm/kver), $panics)"
test/vm/setup >/dev/null || { echo "check: guest setup failed" >&2; exit 1; }
test/vm/run --timeout 3000 --append "$panics" -- test/harness/runtest 2>&1 | tee "$log"
guest_rc=${PIPESTATUS[0]}
d_passed=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\1/p' "$log" | tail -n1)
d_failed=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\2/p' "$log" | tail -n1)
if [ -z "$d_passed" ]; then
	case $guest_rc in
	123) why="the guest kernel panicked (a WARN, oops, soft lockup, hung task or RCU stall: console above)" ;;
	124) why="the guest ran out of time" ;;
	*) why="exit $guest_rc" ;;
	esac
	last=$(grep -o 'runtest: test/d/[^ ]*' "$log" | tail -n1)
	echo "check: the guest run ended without a summary: $why${last:+; last test started: ${last#runtest: }}" >&2
	d_passed=0 d_failed=1
elif [ "$guest_rc" != 0 ] && [ "$d_failed" = 0 ]; then
	# All tests passed, then the guest crashed (at shutdown, rmmod...).
	echo "check: the guest ended with exit $guest_rc after its summary" >&2
	d_failed=1
fi

passed=$((unit_passed + d_passed))
failed=$((unit_failed + d_failed))
echo "unit: $unit_passed passed, $unit_failed failed; guest D suite: $d_passed passed, $d_failed failed"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
