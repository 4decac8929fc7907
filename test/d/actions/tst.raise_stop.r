
dtrace exit 0
dd exit 143

dtrace exit 0
dd state T
without -w: exit 1
