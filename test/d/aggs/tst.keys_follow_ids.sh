# ASSERTION: many aggregations in one clause, each keyed by a number that
# follows its aggregation id (@a0[0], @a1[1] ... @a199[199], as Oracle's
# multiaggs/tst.many), all keep their entry: the id and the key must not
# cancel out in the module's hash (they did: 86 of these 200 were
# dropped, "86 aggregation drops on CPU n").
script=$(
	echo 'BEGIN {'
	i=0
	while [ $i -lt 200 ]; do
		echo "@a$i[$i] = sum($i);"
		i=$((i + 1))
	done
	echo 'exit(0); }'
)
out=$("$1" -q -n "$script" 2>&1)
echo "rc=$?"
echo "$out" | grep -c 'drop'
echo "$out" | awk 'NF == 2 && $1 == $2 { n++ } END { print n, "entries" }'
