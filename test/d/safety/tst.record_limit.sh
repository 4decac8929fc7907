# ASSERTION: a record of exactly DTRACE_MAX_RECSIZE (256 strings of
# 64 KiB) is enabled and traced whole when the buffer holds it.
# @@timeout: 300
# @@nosort
. "$(dirname "$0")/../lib/big_clause.sh"
tmp=/tmp/record_limit.$$.d
{
	big_clause 256 bufsize=20m
	echo 'BEGIN { exit(0); }'
} >$tmp
"$1" -q -s $tmp | grep -o dtrace | wc -l	# -q: the strings back to back
echo "exit ${PIPESTATUS[0]}"
rm -f $tmp
