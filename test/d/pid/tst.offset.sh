# ASSERTION: pid offset probes fire at instructions inside a function
# (hexadecimal offsets; pid-calls is built without CET, so add_args
# starts push %rbp (1 byte), mov %rsp,%rbp (3 bytes)), their name is the
# offset in lower-case hex, and arg0 is still the first argument there.
# @@timeout: 60
# @@sort: the target may move to the other CPU between firings, and the CPUs' buffers are read in turn
. "$(dirname "$0")/pid_lib.sh"
"$dtrace" -q -c "$trig/pid-calls" -n '
pid$target:a.out:add_args:1, pid$target:a.out:add_args:04 { printf("%s %d\n", probename, arg0); }' 2> /dev/null
echo "exit $?"
