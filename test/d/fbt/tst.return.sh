# ASSERTION: fbt::vfs_read:return gives the return value in arg1 (the
# bytes read: at least one for /etc/hostname) and 0 in arg0.
# @@timeout: 60
. "$(dirname "$0")/../lib/until_exit.sh"
. "$(dirname "$0")/../lib/need_provider.sh"
need_provider fbt
"$1" -q -n '
fbt::vfs_read:return
/execname == "cat" && arg1 > 0/
{
	printf("%s %d %d\n", probename, arg0, arg1 > 0 && arg1 < 100000);
	exit(0);
}' &
dt=$!
until_exit "$dt" cat /etc/hostname > /dev/null
wait "$dt"
