# ASSERTION: -x evaltime says where the -c process is held while its
# probes are created: exec (before the dynamic loader ran: libc is not
# mapped yet, so a libc probe matches nothing) and preinit (the entry
# point) see the call its constructor makes; postinit (the default) and
# main hold it at main, after the constructor ran.
# @@timeout: 120
. "$(dirname "$0")/../pid/pid_lib.sh"
for t in exec preinit postinit main default; do
	opt="-x evaltime=$t"
	[ $t = default ] && opt=
	echo "$t:"
	"$dtrace" -q $opt -c "$trig/pid-init" \
		-n 'pid$target:a.out:in_init:entry, pid$target:a.out:in_main:entry { printf("  %s\n", probefunc); }' 2> /dev/null
	echo "  exit $?"
done
for t in exec preinit; do
	"$dtrace" -q -x evaltime=$t -c "$trig/pid-init" -n 'pid$target:libc.so.6:getpid:entry { n++; }
		END { printf("%s: getpid %d\n", "'$t'", n); }' 2> /dev/null
	echo "$t libc probe: exit $?"
done
