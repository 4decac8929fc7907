# ASSERTION: -x core makes dtrace abort once it has cleaned up and is
# exiting (SIGABRT: exit status 134 in the shell), so that the system
# dumps core as the core-size limit allows (0 here: no file is written).
# @@timeout: 60
dtrace=$1
ulimit -c 0
"$dtrace" -q -x core -n 'BEGIN { printf("traced\n"); exit(0); }' 2>&1
echo "exit $?"
"$dtrace" -q -n 'BEGIN { printf("traced\n"); exit(0); }' 2>&1
echo "exit $?"
