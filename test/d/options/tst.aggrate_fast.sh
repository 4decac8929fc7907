# ASSERTION: aggregations are snapshotted on their own timer (aggrate)
# even when the principal buffers are read rarely (switchrate=10s): with a
# 1k aggregation buffer, the 100 keys added over a second all arrive when
# aggrate is 10ms, while an aggrate of an hour lets the buffer fill and
# the keys that did not fit are reported as aggregation drops.
# @@timeout: 120
out=/tmp/aggrate.$$
for rate in 10ms 1h; do
	"$1" -q -x aggsize=1k -x switchrate=10s -x aggrate=$rate -n '
	BEGIN { n = 0; }
	tick-10ms /n < 100/ { @[n++] = count(); }
	tick-10ms /n == 100/ { exit(0); }' > $out 2> $out.err
	rc=$?
	keys=$(grep -c '[0-9]' $out)
	drops=$(grep -c 'aggregation drop' $out.err)
	echo "aggrate=$rate: exit $rc, all 100 keys: $([ "$keys" = 100 ] && echo yes || echo no)," \
		"drops reported: $([ "$drops" -gt 0 ] && echo yes || echo no)"
done
rm -f $out $out.err
