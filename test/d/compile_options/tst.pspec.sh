# ASSERTION: at the top of a script, "type*name" without a ':' declares a
# pointer; with -x pspec (and always in -n arguments) it is a probe
# description (a glob), as DTrace resolves the ambiguity (-Z: no probe
# need match it).
# @@timeout: 180
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf 'int*p;\n' > "$dir/decl.d"
printf 'int*p { }\n' > "$dir/clause.d"
for opt in "" "-x pspec"; do
	for f in decl clause; do
		echo "== $f.d $opt"
		# shellcheck disable=SC2086 # $opt is one option or none
		"$dtrace" -e -Z $opt -x tree=1 -s "$dir/$f.d" 2>&1 | sed "s|$dir/||"
		echo "exit ${PIPESTATUS[0]}"
	done
done
echo "== -n int*p"
"$dtrace" -e -Z -x tree=1 -n 'int*p' 2>&1
echo "exit $?"
