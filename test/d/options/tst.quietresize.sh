# ASSERTION: when the module cannot allocate the bufsize asked for, it
# halves it until it can (bufresize=auto) and dtrace says "buffer size
# lowered to ..."; -x quietresize keeps quiet about it. 4g cannot be
# allocated (over the module's 2g limit, then over the guest's memory);
# one CPU's buffer of one fill-policy buffer keeps what it ends up with
# small enough for the guest.
# @@timeout: 120
dtrace=$1
for opt in quietresize=no quietresize; do
	"$dtrace" -q -x $opt -x cpu=0 -x bufpolicy=fill -x bufsize=4g \
	    -n 'BEGIN { printf("traced\n"); exit(0); }' 2>&1
	echo "exit $?"
done
