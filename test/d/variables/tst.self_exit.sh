# ASSERTION: thread-local variables (scalar and array) that short-lived
# threads set and never clear are reclaimed when the threads exit: 200
# processes each leave self->x and self->a[pid] behind in a 4 KB store
# (64 entries) without a single dynamic-variable drop: 400 entries, six
# times what the store holds.
# @@timeout: 300
err=$(mktemp)
loop=$(mktemp)
echo 'for i in $(seq 200); do /bin/true; done' > "$loop"
"$1" -q -x dynvarsize=4k -n '
syscall::exit_group:entry
/execname == "true"/
{
	self->x = 1;
	self->a[pid] = 1;
	n++;
}

END
{
	printf("threads at exit: %s\n", n >= 200 ? "200 or more" : "too few");
}' -c "sh $loop" 2>"$err"
rc=$?
if grep -q "drops" "$err"; then
	echo "drops:"
	cat "$err"
fi
rm -f "$err" "$loop"
exit $rc
