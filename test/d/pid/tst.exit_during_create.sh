# ASSERTION: a grabbed process killed while dtrace creates its probes
# (the entries of libc's functions starting with s, about 300) does not
# hang dtrace nor leave probes behind: dtrace fails with "pid N has exited" (or
# cannot grab it, or, when creating won the race, ends with the notice
# that it exited), and the module lists no probe of it afterwards.
# @@timeout: 90
. "$(dirname "$0")/pid_lib.sh"
start_loop 60
(sleep 0.3; kill -9 "$p") > /dev/null 2>&1 &
"$dtrace" -q -p "$p" -n 'pid$target:libc.so.6:s*:entry { n++; }' 2> /tmp/pidt.$$.err > /dev/null
rc=$?
case "$rc:$(cat /tmp/pidt.$$.err)" in
1:*"pid $p has exited"* | 1:*"failed to grab pid $p: No such process"* | 0:*"pid $p has exited"*)
	echo "dtrace ended";;
*)	echo "unexpected: exit $rc: $(cat /tmp/pidt.$$.err)";;
esac
wait "$p" 2> /dev/null
no_probes_of "$p"
echo "probes left: $(probes_of "$p")"
