# ASSERTION: syntax errors carry DTrace's words and lines: an unbalanced
# ) or ] ("extra ) in input stream", "closing ) expected in predicate
# before /" on the line of the / that ends the predicate), a script's
# probe description followed by neither predicate nor actions (on the
# description's line; dtrace -n BEGIN stays a whole program), and an
# unterminated string or character constant on the line after it, as
# DTrace's scanner reports it once it has read the newline.
# Compile-only (dtrace -e): runs natively and in the guest.
dtrace=$1
dir=$(mktemp -d /tmp/syntax_words.XXXXXX)
trap 'rm -rf "$dir"' EXIT
n=1
while IFS= read -r line; do
	if [ "$line" = "----" ]; then
		n=$((n + 1))
		continue
	fi
	printf '%s\n' "$line" >> "$dir/p$n.d"
done <<'PROGRAMS'
BEGIN
{
	trace(epid));
}
----
BEGIN
{
	trace(curthread]);
}
----
BEGIN
/rand(/
{
	exit(0);
}
----
BEGIN
/args[0/
{
	exit(0);
}
----
BEGIN
	exit(0);
}
----

BEGIN, END
int i;
{
	exit(0);
}
----
BEGIN
----
BEGIN
{
	s = "abc
	";
}
----
BEGIN
{
	c = '
	';
}
----
BEGIN
/1 / 2/
{
	exit(0);
}
PROGRAMS
for i in $(seq 1 "$n"); do
	(cd "$dir" && "$dtrace" -xerrtags -e -s "p$i.d") 2>&1
	echo "exit $?"
done
"$dtrace" -e -n BEGIN
echo "exit $?"
