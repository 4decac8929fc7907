# ASSERTION: a user without the privilege to trace is told so in
# DTrace's words, not with an ioctl's errno, and dtrace exits 1 (any
# user may open the device; its first ioctl refuses them). The binary
# is copied where uid 65534 may run it: the build tree may be private.
dir=$(mktemp -d /tmp/privileges.XXXXXX)
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir"
cp "$1" "$dir/dtrace" || exit 1
nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
$nobody "$dir/dtrace" -n 'BEGIN { exit(0); }' 2>&1
echo "exit $?"
$nobody "$dir/dtrace" -l -n 'dtrace:::BEGIN' 2>&1
echo "exit $?"
