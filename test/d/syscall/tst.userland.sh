# ASSERTION: a system call's pointer arguments are userland pointers:
# stringof(args[1]) of openat copies the path in from the caller's
# memory, as copyinstr(arg1) does; a bad user pointer becomes an ERROR
# record (fault 1, DTRACEFLT_BADADDR, at the address), not a kernel
# read; dtrace -lv shows the argument as userland const char *.
# The output is compared sorted: the two calls may run on two CPUs, and
# dtrace prints each CPU's buffer in turn (the 6.12 CI once printed the
# second call's ERROR first).
# @@timeout: 120
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/../lib/build_c.sh"
dtrace=$1
build_c prog <<'CEOF'
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
int main(void)
{
	/* on the stack: a page that is present (a fault cannot page in) */
	char path[] = "/nonexistent/dtrace-userland";

	/* mode 0421 marks the calls the script looks at */
	syscall(SYS_openat, AT_FDCWD, path, O_RDONLY, 0421);
	syscall(SYS_openat, AT_FDCWD, (char *)8, O_RDONLY, 0421);
	return 0;
}
CEOF
"$dtrace" -q -c "$dir/prog" -n '
syscall::openat:entry
/pid == $target && arg3 == 0421/
{
	printf("copyinstr %s\n", copyinstr(arg1));
	printf("stringof %s\n", stringof(args[1]));
}
ERROR
{
	printf("ERROR fault %d at %x\n", arg4, arg5);
}' 2> /dev/null
dt_ok $? "dtrace -c prog"
"$dtrace" -lv -n syscall::openat:entry | grep 'args\[1\]'
dt_ok "${PIPESTATUS[0]}" "dtrace -lv syscall::openat:entry"
