# ASSERTION: the canonical one-liner on every fbt entry probe works: it
# enables tens of thousands of probes, counts calls by function while a
# file-reading load runs, exits 0 and prints one line per function
# called, vfs_read among them; the guest stays healthy (nothing in the
# kernel log) and a new dtrace starts. Enabling them takes seconds, and
# dtrace says so before it is done ("dtrace: enabling N probes", N the
# probes matched); a quick enabling prints no such line.
# @@timeout: 400
dtrace=$1
out=/tmp/entry_all.$$
before=$(dmesg | wc -l)
# The load reads with bash builtins: with fuse's functions traced too,
# exec'ing cat from the guest's virtiofs root can outlast the second.
# With every entry traced the TCG guest is so slow that the load reads
# once or twice a second (6.12 once read none): tracing goes on, a
# second at a time, until vfs_read has fired (30 seconds at most).
mkfifo $out.fifo
(exec 3<> $out.fifo
 for i in $(seq 3000); do read -r x < /etc/hostname; read -t 0.05 -u 3 x; done) &
load=$!
"$dtrace" -n 'fbt:::entry { @[probefunc] = count(); }
    fbt::vfs_read:entry { seen = 1; }
    tick-1s /seen || ++secs == 30/ { exit(0); }' \
    > $out 2> $out.err
echo "exit $?"
kill $load 2>/dev/null
wait $load 2>/dev/null
sed -n 's/^dtrace: description .* matched \([0-9]*\) probes$/\1/p' $out.err |
    head -1 | awk '{ print "matched many:", ($1 > 30000) }'
awk '/^dtrace: enabling [0-9]+ probes$/ { e = $3 } /^dtrace: description .* matched/ { m = $(NF - 1); exit }
    END { print "progress line before matched:", (e > 30000 && e == m) }' $out.err
awk 'NF == 2 && $2 ~ /^[0-9]+$/ { n++ } END { print "functions counted:", (n > 100) }' $out
awk '$1 == "vfs_read" && $2 > 0 { print "vfs_read counted" }' $out
dmesg | tail -n +$((before + 1)) | grep -c 'WARNING\|BUG\|stall\|lockup'
"$dtrace" -n 'BEGIN { trace("next dtrace traces"); exit(0); }' 2>&1 | awk '/enabling/ { print } $NF == "traces" { print "next dtrace traces" }'
rm -f $out $out.err $out.fifo
