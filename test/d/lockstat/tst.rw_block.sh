# ASSERTION: lockstat:::rw-block fires for a contended rw_semaphore
# (writers of one tmpfs file share its inode's i_rwsem): arg0 is the
# inode's i_rwsem, arg2 RW_WRITER, and the writer owns the semaphore
# (lock_lib.sh's lock_checks, which also checks arg1's wait).
# @@timeout: 180
. "$(dirname "$0")/lock_lib.sh"
f=/dev/shm/lockstat-rw.$$
trap 'rm -f "$f"' EXIT
: > "$f"
ino=$(stat -c %i "$f")
write_load() {
	local pids=()
	for i in 1 2 3 4 5 6; do
		dd if=/dev/zero of="$f" bs=1M count=8 conv=notrunc status=none &
		pids+=($!)
	done
	wait "${pids[@]}"
}
contend "$1" write_load '
lockstat:::rw-block
/execname == "dd" && arg2 == RW_WRITER &&
 ((struct inode *)((uintptr_t)arg0 - offsetof(struct inode, i_rwsem)))->i_ino == '"$ino"'/
{
	'"$(lock_checks probename)"'
	n++;
}

lockstat:::rw-block
/n >= 5/
{
	exit(0);
}'
