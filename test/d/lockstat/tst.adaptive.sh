# ASSERTION: lockstat:::adaptive-block and adaptive-spin fire for a
# contended mutex (writers and a reader of one pipe share pipe->mutex):
# @[execname] = count() counts dd and cat; arg0 is the mutex just
# acquired (its owner is now curthread), arg1 a plausible wait in ns.
# The counts vary, so printa sorts by key (aggsortkey), not by value.
# @@timeout: 120
. "$(dirname "$0")/../lib/until_exit.sh"
. "$(dirname "$0")/../lib/need_provider.sh"
need_provider lockstat
dtout=$(mktemp)
trap 'rm -f "$dtout"' EXIT
pipe_load() {
	for i in 1 2 3 4; do
		dd if=/dev/zero bs=64k count=400 status=none &
	done | cat > /dev/null
}
"$1" -q -x aggsortkey -n '
lockstat:::adaptive-block, lockstat:::adaptive-spin
/execname == "dd" || execname == "cat"/
{
	@[execname] = count();
	@own[probename] = min((*(long *)&args[0]->owner & ~7) == (long)curthread);
	@ns[probename] = min(args[1] > 0 && args[1] < 10000000000);
	n++;
}

lockstat:::adaptive-block
/execname == "dd" || execname == "cat"/
{
	blocked++;
}

lockstat:::adaptive-block, lockstat:::adaptive-spin
/n >= 200 && blocked >= 5/
{
	exit(0);
}

END
{
	printa("count %s %@d\n", @);
	printa("owner %s %@d\n", @own);
	printa("ns %s %@d\n", @ns);
}' > "$dtout" &
dt=$!
until_exit -n 100 -s 0 "$dt" pipe_load
wait "$dt"
rc=$?
awk '$1 == "count" { print $1, $2, ($3 > 0); next } { print }' "$dtout"
[ $rc = 0 ] || { echo "dtrace exited with status $rc" >&2; exit 1; }
