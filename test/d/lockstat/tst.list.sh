# ASSERTION: the lockstat provider lists the contention probes 6.1's
# lock:contention_begin/end can give, and dtrace -lv types their
# arguments (the lock, the wait in ns, RW_WRITER/RW_READER for rw-*).
set -o pipefail	# a pipeline fails when dtrace does
"$1" -l -P lockstat | awk 'NR > 1 { $1 = ""; print }' | sort || exit 1
"$1" -lv -n lockstat:::rw-block -n lockstat:::adaptive-block |
	awk '/^ *[0-9]+ / { print $2, $4 } /args\[/ { print }' || exit 1
