# Sourced by the compile-only tests that check many small D programs
# (test/d/messages). split_programs NAME reads programs from its stdin,
# one after another with a line "----" between them, into p1.d, p2.d, ...
# of a fresh directory /tmp/NAME.XXXXXX (removed when the test exits),
# and sets $nprog to their number. compile_each DTRACE compiles each
# (dtrace -xerrtags -e -s pN.d, run in that directory so that messages
# name the file alone) and prints its output, then "exit N".
split_programs() {
	local line
	progdir=$(mktemp -d "/tmp/$1.XXXXXX")
	trap 'rm -rf "$progdir"' EXIT
	nprog=1
	while IFS= read -r line; do
		if [ "$line" = "----" ]; then
			nprog=$((nprog + 1))
			continue
		fi
		printf '%s\n' "$line" >> "$progdir/p$nprog.d"
	done
}

compile_each() {
	local i
	for i in $(seq 1 "$nprog"); do
		(cd "$progdir" && "$1" -xerrtags -e -s "p$i.d") 2>&1
		echo "exit $?"
	done
}
