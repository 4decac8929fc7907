# ASSERTION: DTRACE_OPT_NAME=value in the environment sets option name,
# as -x name=value does, before the command line's options (-x wins);
# a bad value is refused naming the variable, exit 1.
dtrace=$1
# $1 needs an argument unless defaultargs is set.
"$dtrace" -e -n 'BEGIN { trace($1); }' 2>&1; echo "exit $?"
DTRACE_OPT_DEFAULTARGS= "$dtrace" -e -n 'BEGIN { trace($1); }' 2>&1; echo "exit $?"
DTRACE_OPT_DEFAULTARGS=no "$dtrace" -e -x defaultargs -n 'BEGIN { trace($1); }' 2>&1; echo "exit $?"
DTRACE_OPT_DEFAULTARGS=yes "$dtrace" -e -x defaultargs=no -n 'BEGIN { trace($1); }' 2>&1; echo "exit $?"
DTRACE_OPT_BUFSIZE=lots "$dtrace" -e -n 'BEGIN { exit(0); }' 2>&1; echo "exit $?"
DTRACE_OPT_NOSUCH=1 "$dtrace" -e -n 'BEGIN { exit(0); }' 2>&1; echo "exit $?"
