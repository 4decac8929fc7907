# Sourced by the test/d/utypes tests: builds $prog, a small C program
# with DWARF (-g), in a private directory removed when the test exits.
# fill() receives a struct with nested, bit-field and pointer members;
# main() calls it once, with values the tests expect to read back.
dtrace=$1
dir=$(mktemp -d /tmp/utypes.XXXXXX)
trap 'rm -rf "$dir"' EXIT
prog=$dir/utypes_prog
cat > "$dir/prog.c" <<'CEOF'
typedef long score_t;
enum shade { DARK = -2, LIGHT = 9 };
struct point { int x; int y; };
struct shape {
	struct point corner;
	struct point *other;
	unsigned int flags : 3;
	int level : 5;
	union { short s; char c; };
	enum shade shade;
	score_t score;
	char label[8];
	struct shape *next;
};
struct shape first, second;
struct point far = { 700, -800 };
__attribute__((noinline)) void fill(struct shape *s) { s->score++; }
int main(void)
{
	second = (struct shape){ { 5, 6 }, &far, 1, -1, { 0 }, LIGHT, 2, "two", 0 };
	first = (struct shape){ { 12, -34 }, &far, 5, -7, { -300 }, DARK, 1234567890123L,
	    "one", &second };
	fill(&first);
	return 0;
}
CEOF
cc -g -O0 -fno-inline -o "$prog" "$dir/prog.c" || exit 1
