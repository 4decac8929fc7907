# ASSERTION: io:::start traces the requests of an XFS file system, whose
# metadata and log buffers may be slab memory, without the module taking
# such a page's fields for a page cache mapping (a stray pointer there
# faulted the kernel), and a file's own data still names the file.
# @@timeout: 180
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/nullb.sh"
for m in libcrc32c xfs; do
	[ -d /sys/module/$m ] || insmod "$mods/$m.ko" || exit 1
done
mnt=$(mktemp -d)
mkfs.xfs -q -f /dev/nullb0 >/dev/null 2>&1 || { echo "mkfs.xfs failed" >&2; exit 1; }
mount -t xfs /dev/nullb0 "$mnt" || { echo "mount failed" >&2; exit 1; }
work=$(mktemp)
trap 'rm -f "$work"' EXIT
cat >"$work" <<EOS
for i in 1 2 3 4 5 6 7 8; do
	dd if=/dev/zero of=$mnt/f\$i bs=4k count=4 conv=fsync status=none
done
mkdir $mnt/d
sync
EOS
"$1" -q -c "sh $work" -n '
io:::start
/args[1]->dev_statname == "nullb0"/
{
	n++;
	files += args[2]->fi_name == "f1";
}

END
{
	printf("requests %d, f1 named %d\n", n > 0, files > 0);
}'
rc=$?
umount "$mnt"
rmdir "$mnt"
dt_ok $rc "dtrace -c (XFS writes)"
