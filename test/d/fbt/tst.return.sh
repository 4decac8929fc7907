# ASSERTION: fbt::vfs_read:return gives the return value in arg1 (the
# bytes read: at least one for /etc/hostname) and 0 in arg0.
# @@timeout: 60
"$1" -q -n '
fbt::vfs_read:return
/execname == "cat" && arg1 > 0/
{
	printf("%s %d %d\n", probename, arg0, arg1 > 0 && arg1 < 100000);
	exit(0);
}' &
dt=$!
for i in $(seq 300); do
	kill -0 "$dt" 2>/dev/null || break
	cat /etc/hostname > /dev/null
	sleep 0.1
done
wait "$dt"
