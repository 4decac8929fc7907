dtrace: invalid probe specifier BEGIN { trace($1); }: macro argument $1 is not defined
exit 1
exit 0
exit 0
dtrace: invalid probe specifier BEGIN { trace($1); }: macro argument $1 is not defined
exit 1
dtrace: failed to set DTRACE_OPT_BUFSIZE: Invalid value for specified option
exit 1
dtrace: failed to set DTRACE_OPT_NOSUCH: Invalid option name
exit 1
