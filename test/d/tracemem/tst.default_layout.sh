# ASSERTION: without -q the dump starts on the line after the probe's
# CPU, ID and FUNCTION:NAME columns and the firing ends with an empty line.
# @@timeout: 60
# @@nosort
"$1" -n '
syscall::write:entry
/pid == $1 && arg2 == 20/
{
	tracemem(copyin(arg1, 20), 20);
	exit(0);
}' $$ &
dt=$!
for i in $(seq 300); do
	kill -0 "$dt" 2>/dev/null || break
	printf 'default layout dump\n' > /dev/null
	sleep 0.1
done
wait "$dt"
