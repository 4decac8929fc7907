# Sourced by shell tests that compile files they write into a scratch
# directory: dir_stderr DIR CMD [ARGS...] runs CMD, then shows its stderr
# with "DIR/" taken out (messages name the file alone, not mktemp's
# name), and returns CMD's status.
dir_stderr() {
	local dir=$1 rc
	shift
	"$@" 2> "$dir/stderr"
	rc=$?
	sed "s|$dir/||" "$dir/stderr" >&2
	return $rc
}
