# ASSERTION: dtrace -l -P dtrace lists BEGIN, END and ERROR in the
# listing layout.
exec "$1" -l -P dtrace
