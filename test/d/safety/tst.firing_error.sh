# ASSERTION: faults cannot multiply a firing's work through ERROR
# (doc/limits.md §2). Eight ERROR clauses of seven string compares at
# strsize 64 KiB (about 7.3 Mi units together) and 40 faulting clauses on
# the target's exit_group: one firing runs ERROR once (its ERROR budget
# is 8 Mi units) and counts the 39 other faults as errors in the ERROR
# probe enabling. The old module ran ERROR 40 times. The consumer
# reports the count at each status poll, and the long firing may span
# one (it did under load: 14, then 25), so the lines' counts are summed.
dtrace=$1
prog=$(mktemp --suffix=.d)
err=$(mktemp)
trap 'rm -f "$prog" "$err"' EXIT
{
	echo '#pragma D option strsize=65536'
	echo '#pragma D option quiet'
	for ((i = 0; i < 8; i++)); do
		echo 'ERROR /execname == "a" || execname == "b" || execname == "c" || execname == "d" || execname == "e" || execname == "f" || execname == "g"/ {}'
	done
	echo 'ERROR { @runs = count(); }'
	for ((i = 0; i < 40; i++)); do
		echo 'syscall::exit_group:entry /pid == $target/ { trace(*(int *)0); }'
	done
	echo 'END { printa("ERROR runs: %@d\n", @runs); }'
} >"$prog"
"$dtrace" -s "$prog" -c /bin/true 2>"$err"
echo "exit $?"
sed -E 's/ID [0-9]+ \(ID [0-9]+:/ID N (ID M:/' "$err" |
	awk '/^dtrace: [0-9]+ errors in ERROR probe enabling$/ { n += $2; next }
	     { print }
	     END { printf "dtrace: %d errors in ERROR probe enabling\n", n }' |
	sort
