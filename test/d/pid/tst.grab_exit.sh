# ASSERTION: dtrace -p exits by itself when the grabbed process exits,
# after its END clause, status 0 (-q silences DTrace's "pid N has
# exited", as dtrace-util/tst.quiet_exit checks).
# @@timeout: 60
. "$(dirname "$0")/pid_lib.sh"
start_loop 4
"$dtrace" -q -p "$p" -n '
pid$target:a.out:tick:entry { n++; }
END { printf("END after %s ticks\n", n > 0 ? "some" : "no"); }' 2> /tmp/pidt.$$.err
echo "dtrace exit $?"
sed "s/pid $p has/pid PID has/" /tmp/pidt.$$.err
