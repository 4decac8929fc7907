# ASSERTION: "pid N has exited" is a notice: printed when a -c process
# ends, silenced by -q and by the quiet pragma, as in DTrace.
d=$1
"$d" -q -c /bin/true -n 'BEGIN { printf("quiet\n"); }' 2>&1
echo "exit $?"
"$d" -c /bin/true -n '#pragma D option quiet
BEGIN { printf("pragma\n"); }' 2>&1
echo "exit $?"
"$d" -c /bin/true -n 'BEGIN { }' 2>&1 >/dev/null | sed 's/pid [0-9]*/pid N/'
echo "exit ${PIPESTATUS[0]}"
