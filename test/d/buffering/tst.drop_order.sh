# ASSERTION: a CPU's drops are reported after the records its buffer held,
# as DTrace reports them: with stdout and stderr in one file, the firing
# that fitted prints before "1 drop on CPU n" (stdout flushed first).
# The first clause's record (16 + 2 x 4096 bytes) does not fit in 4k;
# the second's (printf's format and no argument) does.
out=$("$1" -x bufsize=4k -x strsize=4096 -n '
BEGIN { trace("first"); trace("second"); }
BEGIN { printf("fits"); exit(0); }' 2>&1)
echo "rc=$?"
echo "$out" | grep -n 'fits\|drop on CPU' | sed -E 's/^([0-9]+):.*(fits|drop on CPU).*/\2/'
echo "$out" | awk '/fits/ { f = NR } /drop on CPU/ { d = NR } END { print (f && d && f < d) ? "firing first" : "drop first" }'
