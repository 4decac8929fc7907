# ASSERTION: fbt probes are created on demand for kernel functions, in
# module vmlinux with entry and return; an unknown function or module
# matches nothing.
. "$(dirname "$0")/../lib/status.sh"
"$1" -l -n 'fbt::vfs_read:' -n 'fbt:vmlinux:vfs_write:entry' |
	awk 'NR > 1 { $1 = ""; print }'
dt_ok "${PIPESTATUS[0]}" "dtrace -l fbt::vfs_read:"
"$1" -l -n 'fbt::no_such_function_here:entry' 2>&1
"$1" -l -n 'fbt:no_such_module:vfs_read:entry' 2>&1
n=$(set -o pipefail; "$1" -l -n 'fbt::vfs_*:entry' | awk 'NR > 1 && $NF == "entry"' | wc -l)
dt_ok $? "dtrace -l fbt::vfs_*:entry"
echo "vfs_ functions: $((n > 20))"
