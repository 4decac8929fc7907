# ASSERTION: a return probe's count() alone (the core's shortcut, in the
# return handler's own frame) counts every return: as many as the
# entries, less the few in flight when tracing starts or stops, and
# exactly as many as a second clause of the same probe that runs whole
# (sum(1): its firings build the machine state).
# @@timeout: 60
. "$(dirname "$0")/../lib/need_provider.sh"
need_provider fbt
out=$("$1" -q -c 'cat /proc/self/stat /proc/self/status' -n '
fbt::__task_pid_nr_ns:entry { @e = count(); }
fbt::__task_pid_nr_ns:return { @r = count(); }
fbt::__task_pid_nr_ns:return { @s = sum(1); }
END { printa("%@d ", @e); printa("%@d ", @r); printa("%@d\n", @s); }') || exit 1
read -r e r s <<< "$(tail -n 1 <<< "$out")"
echo "returns counted: $((r > 0))"
echo "entries and returns agree: $((e - r <= 4 && r - e <= 4))"
echo "count() and sum(1) agree: $((r == s))"
[ $((r > 0 && r == s)) = 1 ] || echo "entries $e returns $r sum $s" >&2
