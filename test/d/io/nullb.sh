# Sourced by the io tests: a request-based block device, /dev/nullb0
# (null_blk, kept by test/vm/setup next to the guest's modules), and
# nullb_io to read from it with direct I/O, nullb_until_exit to keep
# reading while a dtrace waits for the I/O (until_exit, test/d/lib).
mods="$(dirname "$1")/vm/modules-$(uname -r)"
if [ ! -b /dev/nullb0 ]; then
	insmod "$mods/configfs.ko" 2>/dev/null
	# memory-backed, 1 GB: tst.fileinfo puts a file system on it
	insmod "$mods/null_blk.ko" memory_backed=1 gb=1 ||
	    { echo "no null_blk in $mods" >&2; exit 1; }
fi
nullb_io() {
	dd if=/dev/nullb0 of=/dev/null bs=4k count=4 iflag=direct 2>/dev/null
}
. "$(dirname "$0")/../lib/until_exit.sh"
nullb_until_exit() {	# nullb_until_exit [-n COUNT] PID: nullb_io until PID exits
	until_exit "$@" nullb_io
}
