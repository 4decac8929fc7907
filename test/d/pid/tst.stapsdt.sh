# ASSERTION: USDT probes of a program built with SystemTap's <sys/sdt.h>
# (stap-sdt, no dtrace -h/-G): trig<pid>:::work fires with its three
# arguments (an int, a long, a string), its semaphore reads non-zero
# while the probe is enabled (the program counts that and reports it in
# done), and is zero when only done is enabled.
# @@timeout: 60
# @@sort: the target prints its own "done:" line at exit, racing dtrace's last lines to the same output
. "$(dirname "$0")/pid_lib.sh"
[ -x "$trig/stap-sdt" ] || { echo "no $trig/stap-sdt: install systemtap-sdt-dev (scripts/deps.sh)"; exit 1; }
"$dtrace" -q -c "$trig/stap-sdt" -n '
trig$target:::work { printf("%s:%s:%s %d %d %s\n", probemod, probefunc, probename, arg0, arg1, copyinstr(arg2)); }
trig$target:::done { printf("done: work enabled %d times\n", arg0); }' 2> /dev/null
echo "exit $?"
"$dtrace" -q -c "$trig/stap-sdt" -n '
trig$target:stap-sdt:main:done { printf("only done: work enabled %d times\n", arg0); }' 2> /dev/null
echo "exit $?"
