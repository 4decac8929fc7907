# ASSERTION: a clause over the cost budget (8 compares of 65,000-byte
# strings at strsize 64 KiB, one more than tst.cost_budget.sh) is
# refused at enable with the clause's cost and the budget, in DTrace's
# error form, exit 1; a later dtrace works.
dtrace=$1
. "$(dirname "$0")/../lib/cost_prog.sh"
prog=$(mktemp --suffix=.d)
trap 'rm -f "$prog"' EXIT
cost_prog 8 >"$prog"
"$dtrace" -s "$prog" 2>&1 >/dev/null | sed -E "s/cost [0-9]+ units/cost N units/; s|$prog|PROG|"
echo "exit ${PIPESTATUS[0]}"
"$dtrace" -qn 'BEGIN { printf("alive\n"); exit(0); }'
