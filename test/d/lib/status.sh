# Sourced by shell tests that send dtrace's output through a pipe (not a
# test: runtest runs only tst.* and err.* files). A pipeline's status is
# its last command's, so the test checks dtrace's own:
#   "$dtrace" -l ... | awk ...
#   dt_ok "${PIPESTATUS[0]}" "dtrace -l ..."
# and for a command substitution, pipefail inside it:
#   n=$(set -o pipefail; "$dtrace" -l | wc -l); dt_ok $? "dtrace -l"
# dt_ok STATUS WHAT: unless STATUS is 0, say so on stderr and exit 1.
dt_ok() {
	[ "$1" = 0 ] && return 0
	echo "$2: dtrace exited with status $1" >&2
	exit 1
}
