/* @@runtest-opts: -x defaultargs */
/*
 * ASSERTION: the process macro variables are dtrace's own ids (BEGIN runs
 * in dtrace), $cwd its directory, and with defaultargs a missing $1 is 0
 * and a missing $$1 the empty string.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", $pid == pid, $ppid == ppid, $uid == uid, $gid == gid);
	printf("%d %d %d %d\n", $euid >= 0, $egid >= 0, $pgid > 0, $sid >= 0);
	printf("%d %d %d\n", $cwd != "", $1 == 0, $$1 == "");
	exit(0);
}
