# ASSERTION: d_path() of the struct path vfs_open() gets names the file
# a process opens, from the process's root and across mounts (/dev/shm
# is a tmpfs on a devtmpfs); cwd is the opener's working directory and
# rootdir a non-empty path.
# @@timeout: 90
. "$(dirname "$0")/../lib/until_exit.sh"
f=/dev/shm/dtrace-dpath
echo x > "$f"
"$1" -q -n '
fbt::vfs_open:entry
/execname == "cat"/
{
	this->p = d_path((struct path *)arg0);
}

fbt::vfs_open:entry
/execname == "cat" && this->p == "/etc/hostname"/
{
	h = 1;
	hcwd = cwd;
	root = rootdir;
}

fbt::vfs_open:entry
/execname == "cat" && this->p == "'"$f"'"/
{
	s = 1;
	scwd = cwd;
}

fbt::vfs_open:entry
/h && s/
{
	printf("cwd at /etc/hostname: %s\ncwd at %s: %s\nrootdir set: %d\n",
	    hcwd, "'"$f"'", scwd, root != "");
	exit(0);
}' &
dt=$!
opens() {
	(cd /etc && cat hostname > /dev/null)
	(cd /tmp && cat "$f" > /dev/null)
}
until_exit "$dt" opens
wait "$dt"
rc=$?
rm -f "$f"
exit $rc
