# ASSERTION: trace() of a struct value holding text up to NULs prints the
# text; -x rawbytes (here set with setopt()) prints it as the tracemem()
# hex dump instead. The shell writes a known 12-byte record to /dev/null.
# @@timeout: 60
. "$(dirname "$0")/../lib/until_exit.sh"
"$1" -q -n '
struct word { char c[12]; };
syscall::write:entry
/pid == $1 && arg2 == 12/
{
	this->w = *(struct word *)copyin(arg1, 12);
	printf("text:");
	trace(this->w);
	printf(":\n");
	setopt("rawbytes");
	printf("raw:");
	trace(this->w);
	exit(0);
}' $$ &
dt=$!
until_exit "$dt" printf 'hello\0\0\0\0\0\0\0' > /dev/null
wait "$dt"
