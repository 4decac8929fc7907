# ASSERTION: a compile error spanning lines names the line DTrace's
# parser had reached when it found it: an operator's at the token after
# its right operand (after a predicate's closing /, the next non-blank
# one), an enumerator's at the ',' or '}' after it, a struct or union
# specifier joining others at its '{' (or at its name when it only names
# one), the first such specifier when there are several, a translator's
# and its members' at its closing '}', a predicate that is not a scalar
# at the clause's closing '}'.
# Compile-only (dtrace -e): runs natively and in the guest.
. "$(dirname "$0")/../lib/programs.sh"
dtrace=$1
split_programs decl_lines <<'PROGRAMS'
BEGIN
/"left" | "right"/

{
	exit(0);
}
----
BEGIN
{
	x = "text" -
	    1
	;
}
----
enum colour {
	red = 1,
	green = 4294967296
};
----
enum shade {
	dark = "x"
	, light
};
----
struct a {
	int x;
}

union b {
	int y;
};
----
struct c {
	int x;
}
struct d {
	int y;
}
struct e {
	int z;
};
----
struct f {
	int x;
}

struct c g;
----
long struct h
{
	int x;
};
----
struct in_t {
	int a;
};
struct out_t {
	char *s;
};
translator struct out_t < struct in_t *p >
{
	s = p->a;
};
----
struct in_t {
	int a;
};
translator int < struct in_t *p >
{

};
----
int arr[2];

BEGIN
/arr/
{
	exit(0);

}
PROGRAMS
compile_each "$dtrace"
