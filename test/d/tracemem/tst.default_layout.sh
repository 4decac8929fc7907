# ASSERTION: without -q the dump starts on the line after the probe's
# CPU, ID and FUNCTION:NAME columns and the firing ends with an empty line.
# @@timeout: 60
. "$(dirname "$0")/../lib/until_exit.sh"
"$1" -n '
syscall::write:entry
/pid == $1 && arg2 == 20/
{
	tracemem(copyin(arg1, 20), 20);
	exit(0);
}' $$ &
dt=$!
until_exit "$dt" printf 'default layout dump\n' > /dev/null
wait "$dt"
