# ASSERTION: with dtrace -c the target is held at main, after drti's
# constructor registered its probes, so testapp$target probes match and
# fire from the first iteration on (query-start 0, 1, 2), the is-enabled
# tick probe too, and dtrace exits when usdt_app exits.
# @@timeout: 60
# @@sort: the target prints "tick enabled" itself when it exits, racing dtrace's last lines to the same output
. "$(dirname "$0")/usdt_lib.sh"
"$dtrace" -q -c "$app 3 0" -n '
testapp$target:::query-start { printf("query-start %d %s\n", arg0, copyinstr(arg1)); }
testapp$target:::tick { printf("tick %d\n", arg0); }' 2> /dev/null
echo "exit $?"
