# ASSERTION: all processes' helper registrations together are bounded
# (DTRACE_HELPER_SITES, DTRACE_HELPER_PROBES): unprivileged processes
# each within their own limits are refused with ENOSPC once the global
# one is reached, and may register again once the holders exit.
# @@timeout: 300
. "$(dirname "$0")/helper_lib.sh"
# hold N S COUNT: COUNT processes with N probes of S sites each.
hold() {
	local k
	pids=
	for k in $(seq "$3"); do
		$nobody "$forge" hold "$1" "$2" > "$dir/out" &
		wait_stopped $! || exit 1
		pids="$pids $!"
		cat "$dir/out"
	done
}
# release: kills them and waits for the reaper to free their probes.
release() {
	local i
	kill -9 $pids
	wait $pids 2> /dev/null
	for i in $(seq 100); do
		[ "$(nprobes 'forge*:::')" = 0 ] && return 0
		sleep 0.1
	done
}
echo "sites:"
hold 1 32768 3
release
echo "probes:"
hold 8192 0 9
echo "listed: $(nprobes 'forge*:::')"
release
echo "again:"
hold 1 32768 1
release
