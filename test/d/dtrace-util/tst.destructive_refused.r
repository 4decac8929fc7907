dtrace: could not enable tracing: Destructive actions not allowed
exit 1
ran with -w

exit 0
