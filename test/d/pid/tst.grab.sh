# ASSERTION: dtrace -p grabs a running process: its pid probes fire
# (pid-loop's tick(n) with n counting up), dtrace exits through exit()
# and lets the process go: it runs on (sleeping in its loop, not
# stopped, not killed: SIGTERM ends it at once), and its probes are gone
# once it has exited.
# @@timeout: 60
. "$(dirname "$0")/pid_lib.sh"
start_loop 30
"$dtrace" -q -p "$p" -n '
pid$target:a.out:tick:entry /++n == 1/ { first = arg0; }
pid$target:a.out:tick:entry /n == 3/ { printf("tick counts up: %d\n", arg0 == first + 2); exit(0); }'
echo "dtrace exit $?"
echo "target state after dtrace: $(state "$p" | tr R S)"
kill -TERM "$p"
wait "$p"
echo "target exit $?"
no_probes_of "$p"
echo "probes left: $(probes_of "$p")"
