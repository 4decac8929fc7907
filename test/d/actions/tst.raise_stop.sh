# ASSERTION: raise(sig) signals the thread that fired the probe (dd, killed
# by SIGTERM: exit 143) and stop() stops its process (state T), both only
# with -w.
# @@timeout: 90
dtrace=$1
dd if=/dev/zero of=/dev/null bs=1 count=1000000000 2> /dev/null &
p=$!
"$dtrace" -q -w -n "syscall::read:entry /pid == $p/ { raise(SIGTERM); exit(0); }"
echo "dtrace exit $?"
wait $p
echo "dd exit $?"
dd if=/dev/zero of=/dev/null bs=1 count=1000000000 2> /dev/null &
p=$!
"$dtrace" -q -w -n "syscall::read:entry /pid == $p/ { stop(); exit(0); }"
echo "dtrace exit $?"
for i in $(seq 50); do
	s=$(sed 's/.*) \(.\).*/\1/' /proc/$p/stat)
	[ "$s" = T ] && break
	sleep 0.1
done
echo "dd state $s"
kill -9 $p
wait $p 2> /dev/null
"$dtrace" -q -n "syscall::read:entry { raise(SIGTERM); }" > /dev/null 2>&1
echo "without -w: exit $?"
