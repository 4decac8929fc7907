#!/bin/sh
# The D suite tests test/bpf/d_suite.list names, run by the suite's own
# runner with -x backend=bpf natively and compared with their expected
# output, which is the module's. Passes, saying so, where bpf() is not
# permitted (not root, unprivileged_bpf_disabled).
# usage: d_suite.sh build/dtrace
dtrace=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! "$dtrace" -x backend=bpf -q -n 'BEGIN { exit(0); }' >/dev/null 2>"$tmp/err"; then
	if grep -q 'bpf() is not permitted' "$tmp/err"; then
		echo "d_suite: skipped: $(cat "$tmp/err")"
		exit 0
	fi
fi
printf '#!/bin/sh\nexec "%s" -x backend=bpf "$@"\n' "$dtrace" >"$tmp/dtrace"
chmod +x "$tmp/dtrace"
# The pid tests find their triggers beside dtrace (test/triggers/).
ln -s "$(dirname "$dtrace")/test" "$tmp/test"
tests=$(grep -v '^#' "$here/d_suite.list" | sed "s|^|$top/test/d/|")
# shellcheck disable=SC2086 # one test a word
exec "$top/test/harness/runtest" --dtrace "$tmp/dtrace" $tests
