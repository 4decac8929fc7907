# ASSERTION: copyout()/copyoutstr() still write a process's memory from
# its own system call; copyoutstr writes at most its size argument: the
# NUL only when it fits (echo's buffer, a NUL shown as '@').
# @@timeout: 60
dtrace=$1
for n in 2 3 4; do
	"$dtrace" -q -w -c '/bin/echo hello' -n "syscall::write:entry
	    /pid == \$target/ { copyoutstr(\"JKL\", arg1, $n); }" \
	    2> /dev/null | tr '\0' '@'
	echo "exit ${PIPESTATUS[0]}"
done
"$dtrace" -q -w -c '/bin/echo hello' -n 'syscall::write:entry
    /pid == $target/ { copyout(copyin(arg1 + 3, 2), arg1, 2); }' 2> /dev/null
echo "exit $?"
