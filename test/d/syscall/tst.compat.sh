# ASSERTION: 32-bit system calls (here int $0x80 from a 64-bit program)
# fire the probe of the 64-bit call with the same name (ia32 getppid is
# number 64, the 64-bit one 110) with the ia32 arguments and errno, and
# calls only the ia32 table has (waitpid) have probes of their own.
# @@sort: the target prints its own lines, racing dtrace's to the same output
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/../lib/build_c.sh"
dtrace=$1
build_c compat32 -O2 <<'CEOF'
int main(void)
{
	long r;
	int i;

	for (i = 0; i < 3; i++)		/* ia32 getppid */
		__asm__ volatile("int $0x80" : "=a"(r) : "a"(64L) : "memory");
	/* ia32 waitpid(-1, 0, 0): no child, ECHILD */
	__asm__ volatile("int $0x80" : "=a"(r)
			 : "a"(7L), "b"(-1L), "c"(0L), "d"(0L) : "memory");
	return r == -10 ? 0 : 1;
}
CEOF
"$dtrace" -l -n 'syscall::waitpid:' | awk 'NR > 1 { print $2, $3, $4, $5 }'
dt_ok "${PIPESTATUS[0]}" "dtrace -l syscall::waitpid:"
"$dtrace" -q -c "$dir/compat32" -n '
syscall::getppid:entry /pid == $target/ { @n = count(); }
syscall::waitpid:entry /pid == $target/ { printf("waitpid(%d)\n", (int)arg0); }
syscall::waitpid:return /pid == $target/ { printf("waitpid errno %d\n", errno); }
END { printa("getppid calls %@d\n", @n); }'
