# ASSERTION: a clause whose record is over DTRACE_MAX_RECSIZE (16 MiB:
# 257 strings of 64 KiB) is refused at ENABLE with the size and the
# limit, as "failed to enable" (exit 1); a fresh dtrace works afterwards.
# @@timeout: 300
# @@nosort
tmp=/tmp/record_size.$$.d
{
	echo '#pragma D option strsize=65536'
	echo 'BEGIN {'
	yes '	trace(execname);' | head -n 257
	echo '}'
} >$tmp
"$1" -s $tmp 2>&1 | sed "s|$tmp|SCRIPT|"
rc=${PIPESTATUS[0]}
rm -f $tmp
"$1" -qn 'BEGIN { printf("fresh\n"); exit(0); }'
exit $rc
