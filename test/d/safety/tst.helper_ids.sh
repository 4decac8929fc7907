# ASSERTION: an unprivileged process that registers and removes 8192
# probes 130 times (1064960 probes, more than the 1048576 probe ids)
# does not use up the id space: freed ids are handed out again, the
# last registration's ids are the first one's, and root's dtrace still
# creates probes afterwards. (Sorted: dtrace's stdout and stderr share the
# pipe, and stdout is buffered, so their order may vary.)
# @@timeout: 600
set -o pipefail	# a pipeline fails when dtrace does
. "$(dirname "$0")/helper_lib.sh"
$nobody "$forge" cycle 8192 130
"$dtrace" -q -c "$forge" -n 'pid$target:helper_forge:main:entry { printf("pid entry fired\n"); }' \
	2>&1 | grep -v '^usage' | sed 's/pid [0-9]* has/pid N has/'
