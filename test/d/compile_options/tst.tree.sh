# ASSERTION: -x tree=N prints the parse tree on stderr: bit 1 after
# parsing, bit 2 after type checking (with each expression's type), bit 4
# after constant folding; 0 is not a valid value.
# @@timeout: 180
dtrace=$1
prog='syscall::read:entry /pid != 0/ { self->n = 2 * 3; @c[execname] = count(); }'
for n in 1 2 4; do
	echo "== tree=$n"
	"$dtrace" -e -x tree=$n -n "$prog" 2>&1
	echo "exit $?"
done
"$dtrace" -e -x tree=0 -n 'BEGIN { }' 2>&1
echo "tree=0: exit $?"
