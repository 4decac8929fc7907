# ASSERTION: user probes go when their process exits or execs: at once
# when no consumer uses them; while a consumer has them enabled they stay
# (disarmed) until it is gone, even when it is killed with SIGKILL.
# @@timeout: 120
. "$(dirname "$0")/upk_lib.sh"
# listed PROVIDER: does the module list probes of it? (-l -n pidN::: would
# create them, as DTrace does.)
listed() { "$dtrace" -l 2>/dev/null | awk -v p="$1" '$2 == p { f = 1 } END { exit !f }'; }
upk_target t1
upk_probes "$t1" entry
kill -9 "$t1"
upk_wait eval "! listed pid$t1"
echo "unused probes gone after exit: $?"

upk_target t3
upk_probes "$t3" entry
kill -USR2 "$t3"
upk_wait eval "! listed pid$t3"
echo "unused probes gone after exec: $?"

upk_target t2
upk_probes "$t2" entry
"$dtrace" -q -n "pid$t2:::entry { n++; } BEGIN { printf(\"go\n\"); }" \
	> /tmp/upk.$$.dt 2>&1 &
dt=$!
upk_wait grep -q go /tmp/upk.$$.dt
kill -9 "$t2"
sleep 3
listed "pid$t2"
echo "enabled probes still listed after exit: $?"
kill -9 "$dt"
wait "$dt" 2>/dev/null
upk_wait eval "! listed pid$t2"
echo "gone after the consumer was killed: $?"
