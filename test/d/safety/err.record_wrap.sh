# ASSERTION: issue 13's second reproducer: one BEGIN clause of 65,537
# trace(execname) at strsize 65536 once panicked the kernel (its record
# layout, summed in 32 bits, wrapped and actions were written past the
# buffer). ENABLE refuses the clause (more actions than a clause may
# have) in DTrace's words, exit 1, and a fresh dtrace works afterwards.
# @@timeout: 600
# @@nosort
tmp=/tmp/record_wrap.$$.d
{
	echo '#pragma D option strsize=65536'
	echo 'BEGIN {'
	yes '	trace(execname);' | head -n 65537
	echo '}'
} >$tmp
"$1" -s $tmp 2>&1 | sed "s|$tmp|SCRIPT|"
rc=${PIPESTATUS[0]}
rm -f $tmp
"$1" -qn 'BEGIN { printf("fresh\n"); exit(0); }'
exit $rc
