# ASSERTION: once tracing starts with destructive actions allowed (-w or
# the destructive pragma), dtrace says so on stderr, after the matched
# line; -q or the quiet pragma silences the notice, and without -w there
# is none.
exec 2>&1
"$1" -wn 'BEGIN { exit(0); }' | grep '^dtrace:'
echo "exit ${PIPESTATUS[0]}"
"$1" -n '#pragma D option destructive
BEGIN { exit(0); }' | grep '^dtrace:'
echo "exit ${PIPESTATUS[0]}"
"$1" -qwn 'BEGIN { exit(0); }' | grep '^dtrace:'
echo "exit ${PIPESTATUS[0]}"
"$1" -n 'BEGIN { exit(0); }' | grep '^dtrace:'
echo "exit ${PIPESTATUS[0]}"
