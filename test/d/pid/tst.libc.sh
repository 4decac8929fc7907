# ASSERTION: pid probes in a shared library, named by its file name
# (libc.so.6) or without its version (libc): getpid entry and return
# (its return value is the target's pid) and malloc's argument.
# @@timeout: 60
# @@sort: the target may move to the other CPU between firings, and the CPUs' buffers are read in turn
. "$(dirname "$0")/pid_lib.sh"
"$dtrace" -q -c "$trig/pid-calls" -n '
pid$target:libc.so.6:getpid:entry { n++; }
pid$target:libc.so.6:getpid:return /arg1 == $target/ { r++; }
pid$target:libc:malloc:entry /arg0 > 1000 && arg0 < 1010/ { printf("malloc %d in %s\n", arg0, probemod); }
END { printf("getpid entry %d, returned the pid %d\n", n, r); }' 2> /dev/null
echo "exit $?"
