# ASSERTION: helper registrations are bounded per user and for all
# processes together: processes of one unprivileged uid, each within its
# own limits, are refused with ENOSPC at half of each global pool
# (DTRACE_HELPER_USER_SITES, _PROBES), so another uid still registers;
# past the global pool (DTRACE_HELPER_SITES, _PROBES) every uid is
# refused; all may register again once the holders exit. A refused USDT
# program says so in one line (drti).
# @@timeout: 300
. "$(dirname "$0")/helper_lib.sh"
# hold UID N S COUNT: COUNT processes of UID with N probes of S sites each.
hold() {
	local k
	for k in $(seq "$4"); do
		setpriv --reuid="$1" --regid="$1" --clear-groups \
			"$forge" hold "$2" "$3" > "$dir/out" &
		wait_stopped $! || exit 1
		pids="$pids $!"
		echo "uid $1: $(cat "$dir/out")"
	done
}
# release: kills them and waits for the reaper to free their probes.
release() {
	local i
	kill -9 $pids
	wait $pids 2> /dev/null
	pids=
	for i in $(seq 100); do
		[ "$(nprobes 'forge*:::')" = 0 ] && return 0
		sleep 0.1
	done
}
echo "sites:"
hold 65534 1 32768 2
hold 65533 1 32768 1
hold 65532 1 32768 1
release
echo "probes:"
hold 65534 8192 0 5
# A USDT program of that user is refused too: drti says so, once.
cp "$(dirname "$dtrace")/test/usdt/usdt_app" "$dir/" &&
	setpriv --reuid=65534 --regid=65534 --clear-groups "$dir/usdt_app" 1 \
		2>&1 > /dev/null | sed 's/^/usdt_app: /'
hold 65533 8192 0 5
hold 65532 8192 0 1
echo "listed: $(nprobes 'forge*:::')"
release
echo "again:"
hold 65534 1 32768 1
release
