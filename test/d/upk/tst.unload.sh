# ASSERTION: the module unloads while a traced process still runs with
# user probes that were enabled and disabled again: every uprobe is gone
# (the target keeps running through its old sites without a fault) and
# the module reloads for the tests that follow.
# @@timeout: 120
. "$(dirname "$0")/upk_lib.sh"
upk_target t
upk_probes "$t" entry return usdt isenabled
"$dtrace" -q -n "pid$t:::entry, pid$t:::return, upk$t:::site /++n == 10/ { exit(0); }"
echo "dtrace exit: $?"
rmmod dtrace
echo "rmmod: $?"
sleep 2
kill -0 "$t"
echo "target alive after unload: $?"
dmesg | grep -c 'user probes still in use'
insmod "${DTVM_MODULE:-$top/build/kernel/dtrace.ko}"
echo "insmod: $?"
