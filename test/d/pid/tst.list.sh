# ASSERTION: dtrace -l lists the pid probes a description names, creating
# them as enabling would (DTrace's behaviour): tick's entry and return in
# the executable named a.out, a glob over its functions, libc's getpid;
# a process that does not exist is an error.
# @@timeout: 60
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/pid_lib.sh"
start_loop 30
"$dtrace" -l -n "pid$p:a.out:tick:" | awk -v p="pid$p" 'NR > 1 { print ($2 == p), $4, $5 }'
dt_ok "${PIPESTATUS[0]}" "dtrace -l pid$p:a.out:tick:"
"$dtrace" -l -n "pid$p:a.out:tic*:entry" | awk 'NR > 1 { print $4, $5 }'
dt_ok "${PIPESTATUS[0]}" "dtrace -l pid$p:a.out:tic*:entry"
"$dtrace" -l -n "pid$p:libc.so.6:getpid:entry" | awk 'NR > 1 { print $3, $4, $5 }'
dt_ok "${PIPESTATUS[0]}" "dtrace -l pid$p:libc.so.6:getpid:entry"
gone=$(sh -c 'echo $$')
"$dtrace" -l -n "pid$gone:a.out:main:entry" >/dev/null 2>&1
echo "missing process: exit $?"
