# ASSERTION: fbt::vfs_read:entry fires for a process reading a file,
# with execname and probefunc set and the byte count in arg2.
# @@timeout: 60
"$1" -q -n '
fbt::vfs_read:entry
/execname == "cat"/
{
	printf("%s %s:%s:%s:%s %d\n", execname, probeprov, probemod, probefunc,
	    probename, arg2 > 0);
	exit(0);
}' &
dt=$!
for i in $(seq 300); do
	kill -0 "$dt" 2>/dev/null || break
	cat /etc/hostname > /dev/null
	sleep 0.1
done
wait "$dt"
