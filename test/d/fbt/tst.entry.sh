# ASSERTION: fbt::vfs_read:entry fires for a process reading a file,
# with execname and probefunc set and the byte count in arg2.
# @@timeout: 60
. "$(dirname "$0")/../lib/until_exit.sh"
. "$(dirname "$0")/../lib/need_provider.sh"
need_provider fbt
"$1" -q -n '
fbt::vfs_read:entry
/execname == "cat"/
{
	printf("%s %s:%s:%s:%s %d\n", execname, probeprov, probemod, probefunc,
	    probename, arg2 > 0);
	exit(0);
}' &
dt=$!
until_exit "$dt" cat /etc/hostname > /dev/null
wait "$dt"
