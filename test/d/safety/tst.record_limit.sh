# ASSERTION: a record of exactly DTRACE_MAX_RECSIZE (256 strings of
# 64 KiB) is enabled and traced whole when the buffer holds it.
# @@timeout: 300
# @@nosort
tmp=/tmp/record_limit.$$.d
{
	echo '#pragma D option strsize=65536'
	echo '#pragma D option bufsize=20m'
	echo 'BEGIN {'
	yes '	trace(execname);' | head -n 256
	echo '}'
	echo 'BEGIN { exit(0); }'
} >$tmp
"$1" -q -s $tmp | grep -o dtrace | wc -l	# -q: the strings back to back
echo "exit ${PIPESTATUS[0]}"
rm -f $tmp
