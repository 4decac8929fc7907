# ASSERTION: lockstat:::adaptive-block and adaptive-spin fire for a
# contended mutex (writers and a reader of one pipe share pipe->mutex):
# @[execname] = count() counts dd and cat; arg0 is the mutex just
# acquired (its owner is now curthread), arg1 a plausible wait in ns
# (lock_lib.sh's lock_checks). The counts vary, so printa sorts by key
# (aggsortkey), not by value.
# @@timeout: 120
. "$(dirname "$0")/lock_lib.sh"
. "$(dirname "$0")/../lib/need_provider.sh"
need_provider lockstat
pipe_load() {
	for i in 1 2 3 4; do
		dd if=/dev/zero bs=64k count=400 status=none &
	done | cat > /dev/null
}
contend "$1" pipe_load '
lockstat:::adaptive-block, lockstat:::adaptive-spin
/execname == "dd" || execname == "cat"/
{
	'"$(lock_checks execname)"'
	n++;
}

lockstat:::adaptive-block
/execname == "dd" || execname == "cat"/
{
	blocked++;
}

lockstat:::adaptive-block, lockstat:::adaptive-spin
/n >= 200 && blocked >= 5/
{
	exit(0);
}'
