# ASSERTION: the proc provider lists DTrace's probe names, module
# vmlinux and no function.
set -o pipefail	# a pipeline fails when dtrace does
"$1" -l -P proc | awk 'NR > 1 { $1 = ""; print }' | sort || exit 1
