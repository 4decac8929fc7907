# ASSERTION: fbt:::entry enables the entry probe of every kernel function
# at once (tens of thousands), counts their firings for two seconds,
# exits 0, and leaves no function traced by ftrace behind.
# @@timeout: 600
o=$(mktemp)
n=$("$1" -l -n 'fbt:::entry' | awk 'NR > 1' | wc -l)
echo "more than 30000 entry probes: $([ "$n" -gt 30000 ] && echo yes || echo "no ($n)")"
"$1" -q -n '
fbt:::entry
{
	@ = count();
	n++;
}

fbt::vfs_read:entry
{
	r++;
}

tick-2s
{
	exit(0);
}

END
{
	printf("fired: %s, vfs_read fired: %s\n", n > 1000 ? "yes" : "no",
	    r > 0 ? "yes" : "no");
	printa("count %@d\n", @);
	trunc(@);
}' > "$o" 2>&1 &
dt=$!
while kill -0 "$dt" 2>/dev/null; do
	cat /etc/hostname > /dev/null
	sleep 0.1
done
wait "$dt"
echo "dtrace exit: $?"
awk '$1 == "count" { $2 = $2 > 1000 ? "above 1000" : $2 } { print }' "$o"
rm -f "$o"
t=/sys/kernel/tracing/enabled_functions
[ -r $t ] && echo "functions left traced: $(wc -l < $t)"
