# ASSERTION: the canonical syscall:::entry { @[execname] = count(); }
# counts system calls by process name: a known program making a known
# number of calls shows up with at least that many, and the
# aggregation prints as "name count" lines, sorted by count. The cats
# run until dtrace exits (a fixed wait for dtrace's start lost the race
# on a loaded host): one cat alone makes more than 20 calls.
# @@timeout: 60
. "$(dirname "$0")/../lib/until_exit.sh"
out=/tmp/execname_count.$$
"$1" -q -n 'syscall:::entry { @[execname] = count(); }
    tick-1s { exit(0); }' > $out &
dt=$!
cats() { cat /etc/hostname > /dev/null; }
until_exit "$dt" cats
wait $dt
echo "exit $?"
awk 'NF == 2 && $1 == "cat" { print "cat counted:", ($2 >= 20) }
    NF == 2 { if ($2 + 0 < last) unsorted = 1; last = $2 + 0 }
    END { print "ascending:", !unsorted }' $out
rm -f $out
