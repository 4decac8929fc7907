# ASSERTION: under -x oformat=json printa() gives each aggregation as an
# object (name, function, one entry per key tuple with typed keys and the
# value, or the non-empty buckets of quantize/lquantize/llquantize with
# their ranges and counts), and the aggregations left at the end are one
# line each; the keys, values and buckets are those the text output of
# the same program prints, for every aggregating function, after
# normalize(), trunc() and clear() too.
# @@timeout: 180
D=$1
dir=$(mktemp -d)
prog='BEGIN {
	@c = count(); @c = count(); @s["a b", 7] = sum(5); @s["c", -1] = sum(-9);
	@a = avg(3); @a = avg(6); @sd = stddev(4); @sd = stddev(8); @mi = min(2); @mi = min(-4);
	@ma = max(9); @ma = max(1ll << 40);
	@q = quantize(5); @q = quantize(0); @q = quantize(-3); @q = quantize(1000);
	@l = lquantize(3, 0, 10, 2); @l = lquantize(-1, 0, 10, 2); @l = lquantize(12, 0, 10, 2);
	@ll = llquantize(150, 10, 0, 3, 10); @ll = llquantize(5, 10, 0, 3, 10); @ll = llquantize(20000, 10, 0, 3, 10);
	printa("%@d\n", @c); printa("%s %d %@d\n", @s); printa("%@d\n", @a); printa("%@d\n", @sd);
	printa("%@d\n", @mi); printa("%@d\n", @ma); printa(@q); printa(@l); printa(@ll);
	@n = sum(10); normalize(@n, 2); printa("%@d\n", @n);
	@t[1] = count(); @t[2] = count(); @t[2] = count(); trunc(@t, 1); printa("%d %@d\n", @t);
	@cl = count(); clear(@cl); printa("%@d\n", @cl);
	@end[1, "x"] = count();
	exit(0) }'
$D -q -x oformat=json -n "$prog" >$dir/aggs.json || exit 1
$D -q -n "$prog" >$dir/aggs.txt || exit 1
python3 $(dirname $0)/json_check.py aggs $dir/aggs.json $dir/aggs.txt :: \
	'objs[1] == {"type": "aggregation", "aggregation-name": "end", "function": "count", "aggregation-data": [{"keys": [1, "x"], "value": 1}]}' $dir/aggs.json :: \
	'[o["type"] for o in objs] == ["probe", "aggregation", "exit"] and "a b 7 5\n" in objs[0]["output"][1]["message"]' $dir/aggs.json
