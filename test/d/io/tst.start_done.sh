# ASSERTION: io:::start fires when a request goes to the driver and
# io:::done when it completes, both with the struct request in arg0
# (the same request, with a length in whole sectors).
# @@timeout: 60
. "$(dirname "$0")/nullb.sh"
# On 5.10 a request names its disk (rq_disk), its queue does not:
# the test and the io translators (libdtrace/dlib/io.d) read q->disk.
"$1" -q -n 'BEGIN { x = offsetof(struct request_queue, disk); exit(0); }' \
    > /dev/null 2>&1 ||
    { echo "struct request_queue has no disk on this kernel (q->disk: after 5.10)" >&2; exit 77; }
dtout=$(mktemp)
trap 'rm -f "$dtout"' EXIT
"$1" -q -n '
io:::start
/stringof(((struct request *)arg0)->q->disk->disk_name) == "nullb0"/
{
	started[arg0] = 1;
	len = ((struct request *)arg0)->__data_len;
	printf("start: length a multiple of 512 %d\n", len > 0 && len % 512 == 0);
}

io:::done
/started[arg0]/
{
	printf("done\n");
	exit(0);
}' > "$dtout" &
dt=$!
nullb_until_exit -n 200 "$dt"
wait "$dt"
rc=$?
sort -u "$dtout"
[ $rc = 0 ] || { echo "dtrace exited with status $rc" >&2; exit 1; }
