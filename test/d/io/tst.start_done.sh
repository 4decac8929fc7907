# ASSERTION: io:::start fires when a request goes to the driver and
# io:::done when it completes, both with the struct request in arg0
# (the same request, with a length in whole sectors).
# @@timeout: 60
. "$(dirname "$0")/nullb.sh"
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
