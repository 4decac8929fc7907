# Sourced by the tests of test/d/json (not a test: runtest runs only tst.*
# and err.* files). Makes $dir, a scratch directory for the output of the
# test's dtrace runs, removed when the test exits. Checks are queued, then
# json_run_checks runs json_check.py once over them all (python starts
# slowly in the guest) and fails when none was queued; its status is the
# test's.
# json_queue CHECK ARGS...: queues one of json_check.py's checks.
# json_expect NAME EXPR: queues the check that EXPR, a Python expression
# over objs (the JSON lines of $dir/NAME.json), holds.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
json_checks=()
json_queue() { json_checks+=("$@" ::); }
json_expect() { json_queue "$2" "$dir/$1.json"; }
json_run_checks() {
	[ ${#json_checks[@]} -gt 0 ] || { echo "json_run_checks: no checks queued"; return 1; }
	python3 "$(dirname "$0")/json_check.py" "${json_checks[@]}"
}
