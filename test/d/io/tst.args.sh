# ASSERTION: io:::start's args[] are translated from the struct request:
# the canonical @[args[1]->dev_statname] = sum(args[0]->b_bcount) sums
# the same bytes as the raw request's __data_len (also while other CPUs
# keep firing after exit() is called); devinfo_t names
# nullb0 with the device numbers stat(1) reports; direct reads have
# B_READ set.
# @@timeout: 90
# @@sort: the first and the eighth request may start on different CPUs, whose buffers are read in turn
. "$(dirname "$0")/nullb.sh"
dtout=$(mktemp)
trap 'rm -f "$dtout"' EXIT
read -r hmaj hmin < <(stat -c '%t %T' /dev/nullb0)
majmin="$((16#$hmaj)) $((16#$hmin))"
"$1" -q -n '
int n, shown;

io:::start
/args[1]->dev_statname == "nullb0"/
{
	@[args[1]->dev_statname] = sum(args[0]->b_bcount);
	@raw[args[1]->dev_statname] = sum(((struct request *)arg0)->__data_len);
	total += args[0]->b_bcount;
	raw += ((struct request *)arg0)->__data_len;
	n++;
}

io:::start
/n == 1 && !shown/
{
	printf("dev %s %s %d %d\n", args[1]->dev_statname, args[1]->dev_pathname,
	    args[1]->dev_major, args[1]->dev_minor);
	printf("read %d\n", (args[0]->b_flags & B_READ) != 0);
	shown = 1;
}

io:::start
/n >= 8/
{
	printf("total %d %d\n", total, raw);
	exit(0);
}

END
{
	printa("agg %s %@d %@d\n", @, @raw);
}' > "$dtout" &
dt=$!
nullb_until_exit "$dt"
wait "$dt"
rc=$?
awk -v mm="$majmin" '
/^dev / { print $1, $2, $3, ($4 " " $5 == mm) ? "numbers-match" : ("numbers " $4 " " $5 " != " mm); next }
/^total / { total = $2; print "sums-equal", ($2 == $3 && $2 > 0); next }
/^agg / { print "agg", $2, ($3 == $4 && $3 >= total); next }
{ print }' "$dtout"
[ $rc = 0 ] || { echo "dtrace exited with status $rc" >&2; exit 1; }
