# ASSERTION: dtrace -e refuses, with the words and numbers ENABLE uses,
# what the module would refuse as over a size limit of doc/limits.md §1
# and the compiled program already shows (actions per clause, record
# bytes, aggregation key and value bytes); a record of exactly the limit
# passes the size limit but not the clause cost budget, which ENABLE
# (and so dtrace -e) checks after the sizes.
# @@timeout: 300
. "$(dirname "$0")/../lib/big_clause.sh"
tmp=/tmp/compile_sizes.$$.d
for n in 65537 257 256; do
	big_clause $n >$tmp
	"$1" -e -s $tmp 2>&1 | sed "s|$tmp|SCRIPT|"
	echo "$n traces: exit ${PIPESTATUS[0]}"
done
rm -f $tmp
keys=$(yes execname | head -n 256 | paste -sd, -)
"$1" -e -x strsize=65536 -n "BEGIN { @[$keys] = count(); }" 2>&1 |
	sed 's/failed to enable .*: Enabling/failed to enable: Enabling/'
echo "256 keys: exit ${PIPESTATUS[0]}"
