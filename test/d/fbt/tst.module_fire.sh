# ASSERTION: entry and return probes of a module's function fire
# (null_blk's null_queue_rq, for reads of /dev/nullb0), with args[]
# typed from the module's BTF and the return value in arg1.
# @@timeout: 120
. "$(dirname "$0")/../io/nullb.sh"
dtout=$(mktemp)
trap 'rm -f "$dtout"' EXIT
"$1" -q -n '
fbt:null_blk:null_queue_rq:entry
{
	self->in = 1;
	printf("%s:%s:%s:%s bytes %d\n", probeprov, probemod, probefunc,
	    probename, args[1]->rq->__data_len > 0);
}
fbt:null_blk:null_queue_rq:return
/self->in/
{
	printf("%s:%s:%s:%s status %d\n", probeprov, probemod, probefunc,
	    probename, args[1]);
	exit(0);
}' > "$dtout" &
dt=$!
nullb_until_exit "$dt"
wait "$dt"
rc=$?
sort -u "$dtout"
[ $rc = 0 ] || { echo "dtrace exited with status $rc" >&2; exit 1; }
