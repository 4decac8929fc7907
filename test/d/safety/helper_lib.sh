# Sourced by the tst.helper_*.sh tests: $1 is build/dtrace. Copies
# helper_forge (forged DTRACEHIOC_ADDPROG programs) into a directory
# any user can read, and runs it as nobody (setpriv), the way any local
# user can reach the helper ioctls of the 0666 /dev/dtrace.
dtrace=$1
root=$(cd "$(dirname "$dtrace")/.." && pwd)
dir=$(mktemp -d /tmp/helper.XXXXXX)
chmod 755 "$dir"
trap 'kill -9 $(jobs -p) 2> /dev/null; rm -rf "$dir"' EXIT
forge=$dir/helper_forge
# The build's copy (test/triggers), else compiled here (slow in the guest).
built=$(dirname "$dtrace")/test/triggers/helper_forge
if [ "$built" -nt "$(dirname "$0")/helper_forge.c" ]; then
	cp "$built" "$forge" || exit 1
else
	cc -O1 -I"$root/kernel/uapi" -o "$forge" "$(dirname "$0")/helper_forge.c" ||
		exit 1
fi

nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"

# wait_stopped PID: until helper_forge hold has stopped itself.
wait_stopped() {
	local i
	for i in $(seq 600); do
		[ "$(awk '{ print $3 }' "/proc/$1/stat" 2> /dev/null)" = T ] &&
			return 0
		sleep 0.1
	done
	echo "process $1 never stopped"
	return 1
}

# nprobes PATTERN: how many probes dtrace -l lists for it.
nprobes() { "$dtrace" -l -n "$1" 2> /dev/null | tail -n +2 | wc -l; }

# wait_session: until the root dtrace session writing $dir/session has
# printed its "go" (60 s at most), then shows what it printed.
wait_session() {
	local i
	for i in $(seq 600); do
		grep -q go "$dir/session" && break
		sleep 0.1
	done
	cat "$dir/session"
}
