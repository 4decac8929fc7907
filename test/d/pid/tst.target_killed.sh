# ASSERTION: as DTrace, a process dtrace created with -c does not outlive
# dtrace: neither when tracing ends first (exit() in BEGIN) nor when
# dtrace fails after creating it (a description that matches nothing).
# @@timeout: 60
dtrace=$1
running() { ps ax -o args= | grep -qx "sleep $1"; }	# a "sleep ARG" left?
"$dtrace" -q -c 'sleep 97.25' -n 'BEGIN { exit(0); }'
echo "exit() first: dtrace $?, target running: $(running 97.25 && echo yes || echo no)"
"$dtrace" -q -c 'sleep 97.5' -n 'syscall::no_such_call:entry' 2>/dev/null
echo "dtrace failed: dtrace $?, target running: $(running 97.5 && echo yes || echo no)"
