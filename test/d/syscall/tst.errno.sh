# ASSERTION: errno holds the system call's error in syscall:::return
# (ESRCH = 3 for kill of a pid that cannot exist, 0 for a kill that
# succeeds) and is 0 in probes that are not a syscall return.
. "$(dirname "$0")/../lib/until_exit.sh"
dtout=$(mktemp)
trap 'rm -f "$dtout"' EXIT
me=$$
"$1" -q -n '
BEGIN
{
	printf("BEGIN errno %d\n", errno);
}

syscall::kill:entry
/arg0 == 4000001 || arg0 == '$me'/
{
	self->k = arg0;
	printf("entry errno %d\n", errno);
}

syscall::kill:return
/self->k == 4000001/
{
	printf("failed kill errno %d ret %d\n", errno, arg1);
	failed = 1;
}

syscall::kill:return
/self->k == '$me' && failed/
{
	printf("successful kill errno %d ret %d\n", errno, arg1);
	exit(0);
}

syscall::kill:return
/self->k/
{
	self->k = 0;
}' > "$dtout" &
dt=$!
# kill(4000001, 0) fails with ESRCH; kill(self, 0) succeeds.
kills() {
	kill -0 4000001 2>/dev/null
	kill -0 "$me"
}
until_exit -n 200 "$dt" kills
wait "$dt"
rc=$?
sort -u "$dtout"
[ $rc = 0 ] || { echo "dtrace exited with status $rc" >&2; exit 1; }
