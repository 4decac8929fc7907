# ASSERTION: -x setenv=NAME=value and -x unsetenv=NAME change the
# environment of the -c process (in order: the last setting of a name
# wins), not dtrace's own; a setenv without '=' is a bad value.
# @@timeout: 60
dtrace=$1
export DT_OPT_GONE=present DT_OPT_KEPT=kept DT_OPT_CHANGED=old
"$dtrace" -q -x setenv=DT_OPT_NEW=a=b -x unsetenv=DT_OPT_GONE -x setenv=DT_OPT_CHANGED=first \
	-x setenv=DT_OPT_CHANGED=new -c env -n 'BEGIN {}' 2> /dev/null | grep '^DT_OPT_' | sort
echo "exit ${PIPESTATUS[0]}"
echo "dtrace's own: $DT_OPT_GONE $DT_OPT_CHANGED"
"$dtrace" -q -x setenv=DT_OPT_NEW -c env -n 'BEGIN {}' 2>&1
echo "exit $?"
