#!/bin/bash
# Robustness: every tracepoint (sdt:::), every stable provider probe,
# every fbt probe (entry and return) and profile-4999 with stack() enabled
# together for 10 s, then the module unloaded; the guest must stay
# healthy (no warning or oops in dmesg) and rmmod must succeed.
# Run in the guest: test/vm/run --append panic_on_warn=1 -- test/bench/robust.sh
. "$(dirname "$0")/guest_setup.sh"
dmesg -c > /dev/null
t0=$(date +%s)
"$dtrace" -q -x bufsize=4m -x aggsize=4m \
	-n 'sdt::: { @t[probemod] = count(); }' \
	-n 'proc:::,sched:::,io::: { @p[probeprov] = count(); }' \
	-n 'fbt::: { @f[probename] = count(); }' \
	-n 'profile-4999 { @s[stack()] = count(); }' \
	-n 'BEGIN { start = timestamp; }' \
	-n 'tick-1s /timestamp - start > 10000000000/ { exit(0); }' \
	-n 'END { printf("stable providers:\n"); printa("  %s %@d\n", @p); printa("  fbt %s %@d\n", @f); }' \
	> /tmp/robust.out 2>&1 &
dt=$!
# Work for the probes: processes, files, block I/O where there is some.
while kill -0 "$dt" 2>/dev/null; do
	ls -R /usr/share/doc/[a-c]* > /dev/null 2>&1	# small: execs come often
	/bin/true
done
wait "$dt"
echo "dtrace exit: $? after $(( $(date +%s) - t0 )) s"
head -20 /tmp/robust.out
rmmod dtrace && echo "rmmod: ok" || echo "rmmod: failed"
if dmesg | grep -E "WARNING|BUG|Oops|RCU stall|soft lockup" > /dev/null; then
	echo "dmesg: problems"; dmesg | grep -E -A5 "WARNING|BUG|Oops|stall|lockup" | head -40
else
	echo "dmesg: clean"
fi
