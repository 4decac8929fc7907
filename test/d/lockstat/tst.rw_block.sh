# ASSERTION: lockstat:::rw-block fires for a contended rw_semaphore
# (writers of one tmpfs file share its inode's i_rwsem): arg0 is the
# inode's i_rwsem, arg2 RW_WRITER, and the writer owns the semaphore.
# @@timeout: 180
. "$(dirname "$0")/../lib/until_exit.sh"
f=/dev/shm/lockstat-rw.$$
dtout=$(mktemp)
trap 'rm -f "$dtout" "$f"' EXIT
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
"$1" -q -n '
lockstat:::rw-block
/execname == "dd" && arg2 == RW_WRITER &&
 ((struct inode *)((uintptr_t)arg0 - offsetof(struct inode, i_rwsem)))->i_ino == '"$ino"'/
{
	@["rw-block file"] = count();
	@own["owner"] = min((*(long *)&args[0]->owner & ~7) == (long)curthread);
	@ns["ns"] = min(args[1] > 0 && args[1] < 10000000000);
	n++;
}

lockstat:::rw-block
/n >= 5/
{
	exit(0);
}

END
{
	printa("%s %@d\n", @);
	printa("%s %@d\n", @own);
	printa("%s %@d\n", @ns);
}' > "$dtout" &
dt=$!
until_exit -n 100 -s 0 "$dt" write_load
wait "$dt"
rc=$?
awk '$1 == "rw-block" { print $1, $2, ($3 > 0); next } { print }' "$dtout"
[ $rc = 0 ] || { echo "dtrace exited with status $rc" >&2; exit 1; }
