# ASSERTION: a wide glob (fbt::vfs_*:entry and :return) enables, fires
# while a process works on files, and leaves no kprobe behind after
# dtrace exits.
# @@timeout: 120
. "$(dirname "$0")/../lib/until_exit.sh"
"$1" -q -n '
fbt::vfs_*:entry
/execname == "cat"/
{
	n++;
}

fbt::vfs_*:return
/execname == "cat"/
{
	r++;
}

fbt::vfs_*:entry, fbt::vfs_*:return
/n > 20 && r > 20/
{
	printf("entries and returns fired\n");
	exit(0);
}' &
dt=$!
until_exit -n 600 "$dt" cat /etc/hostname > /dev/null
wait "$dt"
echo "dtrace exit: $?"
l=/sys/kernel/debug/kprobes/list
[ -r $l ] && echo "kprobes left: $(wc -l < $l)"
