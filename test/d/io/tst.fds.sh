# ASSERTION: fds[fd] (io.d) describes the file a process writes through
# descriptor fd: dd writes 3 bytes one at a time to a file on a fresh
# tmpfs; at each syscall::write:entry fds[arg0] has the file's name,
# full path and directory, fs "tmpfs", the offset before the write
# (0, 1, 2) and open flags with O_WRONLY; the mount point is not known.
# A pipe has no name: "<unknown>" name, path and directory, fs "pipefs".
# dd and the pipe's writer may run on different CPUs: -x temporal prints
# the records in the order they were traced, not CPU by CPU.
# @@timeout: 60
dir=$(mktemp -d)
mount -t tmpfs dtrace_fds "$dir" || { echo "mount failed" >&2; exit 1; }
cat > "$dir/run.sh" <<SH
dd if=/dev/zero of=$dir/dtrace_fds bs=1 count=3 status=none
echo x | cat > /dev/null
SH
"$1" -q -x temporal -c "sh $dir/run.sh" -n '
syscall::write:entry
/progenyof($target) && fds[arg0].fi_name == "dtrace_fds"/
{
	printf("%s %s path %d dir %d %s offset %d wronly %d\n", fds[arg0].fi_name,
	    fds[arg0].fi_fs, fds[arg0].fi_pathname == "'"$dir"'/dtrace_fds",
	    fds[arg0].fi_dirname == "'"$dir"'", fds[arg0].fi_mount,
	    fds[arg0].fi_offset, (fds[arg0].fi_oflags & 3) == 1);
	@[fds[arg0].fi_fs] = count();
}

syscall::write:entry
/progenyof($target) && fds[arg0].fi_fs == "pipefs"/
{
	printf("pipe %s %s %s\n", fds[arg0].fi_name, fds[arg0].fi_pathname,
	    fds[arg0].fi_dirname);
}'
rc=$?
umount "$dir"
rmdir "$dir"
exit $rc
