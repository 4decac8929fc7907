# Sourced by the lockstat tests of a contended lock (not a test: runtest
# runs only tst.* and err.* files).
. "$(dirname "$0")/../lib/until_exit.sh"
. "$(dirname "$0")/../lib/status.sh"

# lock_checks KEY: the D statements, for a lockstat probe whose args[0]
# is the lock just acquired and args[1] the nanoseconds waited, that
# count the firing in @[KEY] and record in @own[probename] whether the
# lock's owner is now curthread and in @ns[probename] whether the wait
# is plausible (0 < ns < 10 s).
lock_checks() {
	echo "@[$1] = count();
	@own[probename] = min((*(long *)&args[0]->owner & ~7) == (long)curthread);
	@ns[probename] = min(args[1] > 0 && args[1] < 10000000000);"
}

# contend DTRACE LOAD PROGRAM: runs dtrace -q -x aggsortkey PROGRAM and,
# while it runs, the shell function LOAD back to back (100 times at
# most); then prints the aggregations by key, as "count KEY 1" (the
# counts vary: 1 says more than 0), "owner PROBE V" and "ns PROBE V".
# A dtrace that fails fails the test.
contend() {
	local out dt rc
	out=$(mktemp)
	"$1" -q -x aggsortkey -n "$3

END
{
	printa(\"count %s %@d\\n\", @);
	printa(\"owner %s %@d\\n\", @own);
	printa(\"ns %s %@d\\n\", @ns);
}" > "$out" &
	dt=$!
	until_exit -n 100 -s 0 "$dt" "$2"
	wait "$dt"
	rc=$?
	awk '$1 == "count" { print $1, $2, ($3 > 0); next } { print }' "$out"
	rm -f "$out"
	dt_ok $rc "dtrace (lockstat)"
}
