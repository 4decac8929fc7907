# ASSERTION: syntax errors carry DTrace's words and lines: an unbalanced
# ) or ] ("extra ) in input stream", "closing ) expected in predicate
# before /" on the line of the / that ends the predicate), a script's
# probe description followed by neither predicate nor actions (on the
# description's line; dtrace -n BEGIN stays a whole program), and an
# unterminated string or character constant on the line after it, as
# DTrace's scanner reports it once it has read the newline.
# Compile-only (dtrace -e): runs natively and in the guest.
. "$(dirname "$0")/../lib/programs.sh"
dtrace=$1
split_programs syntax_words <<'PROGRAMS'
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
compile_each "$dtrace"
"$dtrace" -e -n BEGIN
echo "exit $?"
