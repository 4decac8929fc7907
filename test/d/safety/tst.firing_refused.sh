# ASSERTION: one firing is bounded, not one clause (doc/limits.md §2).
# The clause of issue 22's reproducer (two copyinstr() and strlen() of
# arg1 at strsize 64 KiB, 786,432 units, under the clause budget) on
# syscall::write:entry: 10 of them fit the per-firing budget of the
# probe, 11 are refused at enable naming the probe and the figures, in
# DTrace's error form, exit 1; a later dtrace works.
dtrace=$1
prog=$(mktemp --suffix=.d)
trap 'rm -f "$prog"' EXIT
clauses() {
	local i
	echo '#pragma D option strsize=65536'
	for ((i = 0; i < $1; i++)); do
		echo 'syscall::write:entry /pid == 1 && strlen(copyinstr(arg1)) > 1 && strlen(copyinstr(arg1)) > 1/ {}'
	done
	echo 'BEGIN { exit(0); }'
}
clauses 10 >"$prog"
"$dtrace" -qs "$prog" 2>&1
echo "10 clauses: exit $?"
clauses 11 >"$prog"
"$dtrace" -qs "$prog" 2>&1 | sed -E "s/cost [0-9]+ units/cost N units/; s|$prog|PROG|"
echo "11 clauses: exit ${PIPESTATUS[0]}"
"$dtrace" -qn 'BEGIN { printf("alive\n"); exit(0); }'
