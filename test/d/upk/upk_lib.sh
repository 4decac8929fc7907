# Sourced by the test/d/upk tests: $dtrace, $upk (the driver of
# test/kcore/upk_probe.c) and upk_target, which starts a target process
# and waits until it runs. Targets are killed when the test exits.
dtrace=$1
top=$(cd "$(dirname "$1")/.." && pwd)
upk=$top/build/test/kcore/upk_probe
upk_pids=
trap 'kill -9 $upk_pids 2>/dev/null; wait 2>/dev/null; rm -f /tmp/upk.$$.*' EXIT

# upk_target NAME [helper]: sets $NAME to the pid of a new target.
upk_target() {
	local out=/tmp/upk.$$.$1 i
	"$upk" target $2 > "$out" &
	eval "$1=$!"
	upk_pids="$upk_pids $!"
	for i in $(seq 300); do
		grep -q ready "$out" && return 0
		sleep 0.1
	done
	echo "target $1 did not start" >&2
	exit 1
}

# upk_wait CMD...: retries CMD (quietly) for up to 30 s until it succeeds.
upk_wait() {
	local i
	for i in $(seq 300); do
		"$@" > /dev/null 2>&1 && return 0
		sleep 0.1
	done
	return 1
}

# upk_probes PID KIND...: makes each KIND's probe in target PID with
# DTRACEIOC_USERPROBE (upk_probe create, one row each below); the test
# fails if one is refused.
upk_probes() {
	local pid=$1 kind probe
	shift
	for kind in "$@"; do
		case $kind in
		entry) probe="pid upk_add entry upk_add" ;;
		return) probe="pid upk_add return upk_add" ;;
		usdt) probe="upk main site upk_usdt_site" ;;
		isenabled) probe="upk main site upk_isen_site" ;;
		sema) probe="upk main sema upk_sema_site" ;;
		*) echo "upk_probes: no kind $kind" >&2; exit 1 ;;
		esac
		"$upk" create "$pid" "$kind" $probe > /dev/null || exit 1
	done
}
