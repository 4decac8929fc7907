# ASSERTION: copyoutstr(s, addr, n) writes s and its NUL into the process
# (n large enough), copyout(buf, addr, n) n bytes of buf: echo's buffer is
# changed before write(2) reads it (a NUL shows as '@').
# @@timeout: 60
dtrace=$1
"$dtrace" -q -w -c '/bin/echo hello' -n 'syscall::write:entry /pid == $target/ {
	copyoutstr("J", arg1, 2); }' 2> /dev/null | tr '\0' '@'
echo "exit ${PIPESTATUS[0]}"
"$dtrace" -q -w -c '/bin/echo hello' -n 'syscall::write:entry /pid == $target/ {
	copyout(copyin(arg1 + 2, 2), arg1, 2); }' 2> /dev/null
echo "exit $?"
