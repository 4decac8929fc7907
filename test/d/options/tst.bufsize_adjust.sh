# ASSERTION: as DTrace, sizes out of the module's range are no error: -b 1k
# and bufsize=16 are raised to the least principal buffer, -b 2t is taken
# as the largest and lowered at GO to what can be allocated, saying
# "buffer size lowered to ..."; -e with only options compiles nothing and
# exits 0.
# @@timeout: 120
dtrace=$1
"$dtrace" -b 1k -b 2k -e
echo "-e: exit $?"
"$dtrace" -q -b 1k -n 'BEGIN { printf("1k traced\n"); exit(0); }' 2>&1
echo "exit $?"
"$dtrace" -q -x bufsize=16 -x bufpolicy=ring -n 'BEGIN { printf("16 traced\n"); exit(0); }' 2>&1
echo "exit $?"
# What the halving ends at depends on the guest's memory.
"$dtrace" -q -x cpu=0 -x bufpolicy=fill -b 2t -n 'BEGIN { printf("2t traced\n"); exit(0); }' 2>&1 |
	sed -E 's/lowered to [0-9]+[kmgt]$/lowered to N/'
echo "exit ${PIPESTATUS[0]}"
