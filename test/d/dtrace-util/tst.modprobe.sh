# ASSERTION: with /dev/dtrace absent and dtrace.ko where modprobe finds
# it, dtrace run as root loads the module with modprobe and traces; run
# by another user it leaves the module alone and says why /dev/dtrace is
# missing. dtrace runs the program the kernel names in
# /proc/sys/kernel/modprobe; the test points it at modprobe -d over a
# scratch module tree holding dtrace.ko (depmod -b), and restores it
# after: nothing is written to /lib/modules, which the guest shares with
# the host (a host without that kernel has none). So dtrace finds no
# dtrace.ko under /lib/modules and says so (no_device_test.cc checks its
# words for an installed module); KVER stands for the kernel's version.
ko=${DTVM_MODULE:-}
if [ -z "$ko" ] || [ ! -r "$ko" ] || [ ! -e /proc/modules ]; then
	echo "no module to install (DTVM_MODULE): run in the guest" >&2
	exit 77
fi
knob=/proc/sys/kernel/modprobe
saved=$(cat "$knob") || exit 1
dir=$(mktemp -d /tmp/modprobe.XXXXXX)
trap 'echo "$saved" > "$knob"; rm -rf "$dir"
	grep -q "^dtrace " /proc/modules || insmod "$ko"' EXIT
chmod 755 "$dir"
cp "$1" "$dir/dtrace" || exit 1
rel=$(uname -r)
mkdir -p "$dir/root/lib/modules/$rel/updates/dkms"
cp "$ko" "$dir/root/lib/modules/$rel/updates/dkms/dtrace.ko" &&
	depmod -b "$dir/root" -a "$rel" 2> /dev/null || exit 1
printf '#!/bin/sh\nexec %s -d %s "$@"\n' "$saved" "$dir/root" > "$dir/modprobe"
chmod 755 "$dir/modprobe"
rmmod dtrace 2> /dev/null
echo "$dir/modprobe" > "$knob"
out=$(setpriv --reuid=65534 --regid=65534 --clear-groups "$dir/dtrace" -n 'BEGIN { exit(0); }' 2>&1)
rc=$?
echo "$out" | sed "s/kernel $rel:/kernel KVER:/"
echo "nobody: exit $rc, module loaded: $(grep -c '^dtrace ' /proc/modules)"
"$dir/dtrace" -q -n 'BEGIN { printf("traced\n"); exit(0); }'
echo "root: exit $?, module loaded: $(grep -c '^dtrace ' /proc/modules)"
