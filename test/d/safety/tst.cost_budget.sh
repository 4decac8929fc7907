# ASSERTION: a clause at the cost budget (7 compares of 65,000-byte
# strings at strsize 64 KiB, doc/limits.md §2) is accepted and runs;
# its firing time, measured with walltimestamp, goes to stderr.
# @@timeout: 120
dtrace=$1
. "$(dirname "$0")/../lib/cost_prog.sh"
prog=$(mktemp --suffix=.d)
out=$(mktemp)
trap 'rm -f "$prog" "$out"' EXIT
cost_prog 7 >"$prog"
"$dtrace" -s "$prog" >"$out"
status=$?
cat "$out" >&2
sed -E 's/[0-9]+ ns/N ns/g' "$out"
exit $status
