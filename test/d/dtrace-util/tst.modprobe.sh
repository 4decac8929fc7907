# ASSERTION: with /dev/dtrace absent and dtrace.ko installed, dtrace run
# as root loads the module with modprobe and traces; run by another user
# it leaves the module alone and says how to load it. The module is
# installed only in a private mount namespace (a tmpfs over /lib/modules:
# the guest shares the host's files, and nothing is written to them).
ko=${DTVM_MODULE:-}
if [ -z "$ko" ] || [ ! -r "$ko" ] || [ ! -e /proc/modules ]; then
	echo "no module to install (DTVM_MODULE): run in the guest" >&2
	exit 77
fi
dir=$(mktemp -d /tmp/modprobe.XXXXXX)
trap 'rm -rf "$dir"; grep -q "^dtrace " /proc/modules || insmod "$ko"' EXIT
chmod 755 "$dir"
cp "$1" "$dir/dtrace" || exit 1
rmmod dtrace 2>/dev/null
unshare -m sh -s "$dir/dtrace" "$ko" <<'SH'
rel=$(uname -r)
mount -t tmpfs none /lib/modules || exit 1
mkdir -p "/lib/modules/$rel/updates/dkms"
cp "$2" "/lib/modules/$rel/updates/dkms/dtrace.ko" && depmod -a "$rel" 2>/dev/null
setpriv --reuid=65534 --regid=65534 --clear-groups "$1" -n 'BEGIN { exit(0); }' 2>&1
echo "nobody: exit $?, module loaded: $(grep -c '^dtrace ' /proc/modules)"
"$1" -q -n 'BEGIN { printf("traced\n"); exit(0); }'
echo "root: exit $?, module loaded: $(grep -c '^dtrace ' /proc/modules)"
SH
