# ASSERTION: the sched provider lists DTrace's probe names.
set -o pipefail	# a pipeline fails when dtrace does
"$1" -l -P sched | awk 'NR > 1 { $1 = ""; print }' | sort || exit 1
