# ASSERTION: tracemem() prints DTrace's hex dump: a column header, rows of
# 16 bytes with a hex offset, the bytes in hex and '.' for unprintable
# ones in the text column; a partial last row is padded. With a third
# argument only that many bytes print. The shell writes a known 36-byte
# string to /dev/null; each clause dumps it once.
# @@timeout: 60
. "$(dirname "$0")/../lib/until_exit.sh"
"$1" -q -n '
syscall::write:entry
/pid == $1 && arg2 == 36/
{
	printf("fixed");
	tracemem(copyin(arg1, 36), 36);
	printf("dynamic");
	tracemem(copyin(arg1, 64), 64, arg2 - 16);
	printf("zero");
	tracemem(copyin(arg1, 16), 16, 0);
	printf("end\n");
	exit(0);
}' $$ &
dt=$!
until_exit "$dt" printf 'hello, world. 0123456789abcdefgh\001\002\t\r' > /dev/null
wait "$dt"
