# ASSERTION: without the module's device dtrace says so clearly, with the
# reason (here: the module is loaded, /dev lacks its node), and exits 1
# (simulated by hiding /dev/dtrace in a private mount namespace).
exec unshare -m sh -c 'mount -t tmpfs none /dev && exec "$0" -n "BEGIN { exit(0); }"' "$1"
