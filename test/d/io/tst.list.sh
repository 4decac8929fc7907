# ASSERTION: the io provider lists start and done.
set -o pipefail	# a pipeline fails when dtrace does
"$1" -l -P io | awk 'NR > 1 { $1 = ""; print }' | sort || exit 1
