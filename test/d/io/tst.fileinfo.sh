# ASSERTION: io:::start's fileinfo_t names the file a request writes:
# on an ext4 file system (on the memory-backed nullb0), a buffered write
# of 4 pages synced to disk starts requests whose args[2] has the file's
# name, fs "ext4", an offset inside the file, and "<unknown>" directory
# and path; raw-device direct I/O has no file ("<none>", offset -1).
# @@timeout: 120
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/nullb.sh"
mnt=$(mktemp -d)
mkfs.ext4 -q -F /dev/nullb0 >/dev/null 2>&1 || { echo "mkfs.ext4 failed" >&2; exit 1; }
mount -t ext4 /dev/nullb0 "$mnt" || { echo "mount failed" >&2; exit 1; }
"$1" -q -c "dd if=/dev/zero of=$mnt/dtrace_fileinfo bs=4k count=4 conv=fsync status=none" -n '
io:::start
/args[2]->fi_name == "dtrace_fileinfo"/
{
	@[args[2]->fi_name, args[2]->fi_fs, args[2]->fi_dirname,
	    args[2]->fi_pathname, args[2]->fi_mount] = count();
	bad += args[2]->fi_offset < 0 || args[2]->fi_offset >= 16384;
	n++;
}

END
{
	printf("requests %d, offsets in file %d\n", n > 0, bad == 0);
	printa("%s %s %s %s %s\n", @);
}'
rc=$?
umount "$mnt"
rmdir "$mnt"
dt_ok $rc "dtrace -c dd (to a file)"
"$1" -q -c "dd if=/dev/nullb0 of=/dev/null bs=4k count=4 iflag=direct status=none" -n '
io:::start
/args[1]->dev_statname == "nullb0"/
{
	@[args[2]->fi_name, args[2]->fi_pathname, args[2]->fi_fs, args[2]->fi_offset] = count();
}

END
{
	printa("raw: %s %s %s %d\n", @);
}'
