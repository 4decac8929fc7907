# ASSERTION: a stripped executable (no symbol for main) is held at main
# all the same for -x evaltime=postinit and main (the default postinit):
# its main is glibc's __libc_start_main's first argument. Its constructor
# (close(-11)) runs before the probes are enabled, main's close(-22)
# after; preinit holds it at the entry point, before the constructor.
# @@timeout: 120
. "$(dirname "$0")/../lib/build_c.sh"
dtrace=$1
build_c stripped -s <<'CEOF'
#include <unistd.h>

__attribute__((constructor)) static void early(void)
{
	close(-11);
}

int main(void)
{
	close(-22);
	return 0;
}
CEOF
for t in preinit postinit main default; do
	opt="-x evaltime=$t"
	[ $t = default ] && opt=
	echo "$t:"
	"$dtrace" -q $opt -c "$dir/stripped" -n '
	syscall::close:entry
	/pid == $target && (int)arg0 < 0/
	{
		@closes[(int)arg0] = count();
	}'
	echo "exit $?"
done
