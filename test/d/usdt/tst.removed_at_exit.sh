# ASSERTION: an application's probes go away when it exits (drti's
# destructor removes the registration; the module drops what is left):
# listing them afterwards matches nothing.
# @@timeout: 120
. "$(dirname "$0")/usdt_lib.sh"
start_app 100 50 || exit 1
echo "registered"
wait "$pid"
"$dtrace" -l -n "testapp$pid:::" 2>&1 | sed "s/testapp$pid/testapp<pid>/"
echo "exit ${PIPESTATUS[0]}"
