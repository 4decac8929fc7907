# ASSERTION: a running application's probes are listed as
# testapp<pid>:usdt_app:<function>:<name> ("__" -> "-"), both by
# provider<pid> and by the glob testapp*; the function is the one the
# probe macro is written in.
# @@timeout: 120
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/usdt_lib.sh"
start_app 100000 50 || exit 1
fields() { awk -v p="testapp$pid" 'NR > 1 && $2 == p { print "testapp<pid>", $3, $4, $5 }'; }
"$dtrace" -l -n "testapp$pid:::" | fields
dt_ok "${PIPESTATUS[0]}" "dtrace -l testapp$pid:::"
echo "--"
"$dtrace" -l -n 'testapp*:::' | fields
dt_ok "${PIPESTATUS[0]}" "dtrace -l testapp*:::"
stop_app
