dtrace: could not enable tracing: No anonymous tracing state
exit 1
dtrace: could not enable tracing: No anonymous tracing state
exit 1
