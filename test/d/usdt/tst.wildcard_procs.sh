# ASSERTION: testapp* matches the provider of every process that has
# it: three usdt_app processes list three providers testapp<pid> and
# each fires under one enabling, the process's own pid in probeprov and
# its query text read by copyinstr. Processes of other tests running
# beside this one (ctest natively under the bpf backend) may have the
# provider too: only these three are looked at.
# @@timeout: 60
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/usdt_lib.sh"
pids=
for k in 1 2 3; do
	"$app" 100000 50 > /dev/null &
	pids="$pids $!"
done
trap 'kill $pids 2> /dev/null; wait 2> /dev/null' EXIT
for pid in $pids; do # each registered (30 s at most: TCG is slow)
	while [ "$SECONDS" -lt 30 ]; do
		"$dtrace" -l -n "testapp$pid:::" > /dev/null 2>&1 && break
		sleep 0.1
	done
done
name() { # PID -> app1, app2 or app3
	local k=1 p
	for p in $pids; do
		[ "$p" = "$1" ] && { echo "app$k"; return; }
		k=$((k + 1))
	done
}
ours=$(echo $pids | sed 's/\([0-9]*\)/pid == \1/g; s/ pid/ || pid/g')
"$dtrace" -l -n 'testapp*:::query-start' | awk 'NR > 1 { print $2 }' |
	sed 's/^testapp//' | while read -r p; do name "$p"; done | sort
dt_ok "${PIPESTATUS[0]}" "dtrace -l testapp*:::query-start"
echo "--"
"$dtrace" -q -n '
int n;
int seen[int];
testapp*:::query-start /!seen[pid] && ('"$ours"')/
{
	seen[pid] = 1;
	n++;
	printf("%d %s %s\n", pid,
	    probeprov == strjoin("testapp", lltostr(pid)) ? "ok" : probeprov,
	    copyinstr(arg1) == strjoin("select ", lltostr(arg0)) ? "ok" :
	    copyinstr(arg1));
}
testapp*:::query-start /n == 3/ { exit(0); }
tick-10s { printf("timed out\n"); exit(1); }' | while read -r p rest; do
	[ -n "$p" ] || continue # the empty line dtrace ends with
	echo "$(name "$p") $rest"
done | sort
dt_ok "${PIPESTATUS[0]}" "dtrace testapp*:::query-start"
