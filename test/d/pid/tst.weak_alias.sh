# ASSERTION: a function named by an alias is probed under the name DTrace
# prefers at that address: a global or weak name before a local one, then
# the one with fewer leading underscores. A weak _pick of the global pick
# is "pick"; a weak _keep of the static keep is "_keep", named as keep
# too. A clause naming
# both pick and _pick enables that one probe twice, so one call counts 2;
# a later clause naming _pick again names the same probe.
# @@timeout: 60
. "$(dirname "$0")/../lib/build_c.sh"
dtrace=$1
build_c alias -O0 <<'CEOF'
#pragma weak _pick = pick
#pragma weak _keep = keep
int _pick(int a);
int _keep(int a);

int pick(int a)
{
	return a + 1;
}

static int keep(int a)
{
	return a + 2;
}

int main(void)
{
	return _pick(1) + _keep(1) == 5 ? 0 : 1;
}
CEOF
"$dtrace" -q -c "$dir/alias" -n '
pid$target:a.out:pick:entry,
pid$target:a.out:_pick:entry
{
	@calls[probefunc] = count();
}

pid$target:a.out:keep:entry
{
	@calls[probefunc] = count();
}

pid$target:a.out:_pick:entry
/probefunc != "pick"/
{
	@calls["named otherwise"] = count();
}'
echo "exit $?"
