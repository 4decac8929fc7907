# ASSERTION: the children a USDT program forks after drti registered it
# have probes of their own (forkapp<childpid>, drti's fork handler), as
# PostgreSQL's backends need: forkapp* lists the parent's and both
# children's providers, one enabling sees all three fire with their own
# strings, and dtrace -p CHILD traces one child alone.
# @@timeout: 60
. "$(dirname "$0")/../lib/status.sh"
dtrace=$1
app=$(dirname "$dtrace")/test/usdt/fork_app
"$app" 2 100000 50 &
pid=$!
trap 'kill $pid $kids 2> /dev/null; wait 2> /dev/null' EXIT
# the parent's and both children's providers (30 s at most: TCG is slow)
while [ "$SECONDS" -lt 30 ]; do
	kids=$(pgrep -P "$pid" | sort -n | tr '\n' ' ')
	n=$("$dtrace" -l -n 'forkapp*:::work' 2> /dev/null | awk 'NR > 1' | wc -l)
	[ "$n" -ge 3 ] && break
	kill -0 "$pid" || break
	sleep 0.1
done
# again: the children may have been forked after the pgrep of the last round
kids=$(pgrep -P "$pid" | sort -n | tr '\n' ' ')
"$dtrace" -l -n 'forkapp*:::work' | awk -v p="$pid" -v k="$kids" '
BEGIN { split(k, c, " "); who["forkapp" p] = "parent";
	who["forkapp" c[1]] = "child"; who["forkapp" c[2]] = "child" }
NR > 1 { print ($2 in who ? who[$2] : "unknown " $2), $3, $4, $5 }' | sort
dt_ok "${PIPESTATUS[0]}" "dtrace -l forkapp*:::work"
echo "--"
"$dtrace" -q -n '
int n;
int seen[string];
forkapp*:::work /!seen[copyinstr(arg1)]/
{
	seen[copyinstr(arg1)] = 1;
	n++;
	printf("%s %s\n", copyinstr(arg1),
	    probeprov == strjoin("forkapp", lltostr(pid)) ? "ok" : probeprov);
}
forkapp*:::work /n == 3/ { exit(0); }
tick-10s { printf("timed out\n"); exit(1); }' | grep -v '^$' | sort
dt_ok "${PIPESTATUS[0]}" "dtrace forkapp*:::work"
echo "--"
set -- $kids
"$dtrace" -q -p "$2" -n '
forkapp$target:::work { printf("%s %s\n", copyinstr(arg1),
    pid == $target ? "pid" : "other pid"); exit(0); }'
