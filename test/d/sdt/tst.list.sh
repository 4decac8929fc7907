# ASSERTION: kernel tracepoints are listed as sdt probes with their trace
# event's system as the module and an empty function.
set -o pipefail	# a pipeline fails when dtrace does
"$1" -l -n 'sdt:sched::sched_switch' -n 'sdt:::sched_process_exec' \
	-n 'sdt:raw_syscalls::sys_enter' | awk 'NR > 1 { $1 = ""; print }' || exit 1
"$1" -l -n 'sdt:::no_such_tracepoint' 2>&1
echo "exit $?"
n=$("$1" -l -P sdt | awk 'NR > 1' | wc -l) || exit 1
echo "many probes: $((n > 100))"
