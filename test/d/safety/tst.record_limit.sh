# ASSERTION: a record of exactly DTRACE_MAX_RECSIZE (256 strings of
# 64 KiB) is within the size limit (err.record_size.sh is one past it)
# but far over the cost budget of one firing (doc/limits.md §2), which
# ENABLE checks after the sizes: refused for its cost, exit 1.
# @@timeout: 300
. "$(dirname "$0")/../lib/big_clause.sh"
tmp=/tmp/record_limit.$$.d
{
	big_clause 256 bufsize=20m
	echo 'BEGIN { exit(0); }'
} >$tmp
"$1" -q -s $tmp 2>&1 | sed -E 's/cost [0-9]+ units/cost N units/; s|/tmp/record_limit\.[0-9]*\.d|PROG|'
echo "exit ${PIPESTATUS[0]}"
rm -f $tmp
