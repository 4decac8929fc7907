# ASSERTION: a pid probe's args[] have the types of the function's DWARF
# prototype in the target: args[0]->w loads through a user pointer to
# a user struct, stringof() of a user char * (a parameter, a struct
# member) and a user char array copy the strings in; the return probe's
# args[1] has the return type; dtrace -lv shows them (userland pointers,
# types scoped to the object).
# @@timeout: 120
. "$(dirname "$0")/../lib/status.sh"
dtrace=$1
dir=$(mktemp -d /tmp/utypes.XXXXXX)
trap 'rm -rf "$dir"' EXIT
prog=$dir/pidargs_prog
cat > "$dir/prog.c" <<'CEOF'
struct rect { int w; int h; char *label; char tag[8]; };
typedef struct rect rect_t;
__attribute__((noinline)) long area(rect_t *r, const char *name, long k)
{
	return (long)r->w * r->h * k + name[0];
}
int main(void)
{
	/* strings on the stack: pages that are present (a fault cannot page in) */
	char label[] = "box", name[] = "first";
	struct rect r = { 3, 4, label, "tg" };

	return area(&r, name, 2) == 24 + 'f' ? 0 : 1;
}
CEOF
cc -g -O0 -fno-inline -o "$prog" "$dir/prog.c" || exit 1
"$dtrace" -q -c "$prog" -n '
pid$target:a.out:area:entry
{
	printf("w %d h %d k %d\n", args[0]->w, args[0]->h, args[2]);
	printf("label %s tag %s\n", stringof(args[0]->label), args[0]->tag);
	printf("name %s\n", stringof(args[1]));
	self->in = 1;
}
pid$target:a.out:area:return
/self->in/
{
	printf("ret %d\n", args[1]);
}'
echo "exit $?"
"$dtrace" -lv -c "$prog" -n 'pid$target:a.out:area:entry' -n 'pid$target:a.out:area:return' |
	grep 'args\['
dt_ok "${PIPESTATUS[0]}" "dtrace -lv -c prog"
