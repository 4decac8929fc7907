# ASSERTION: with two -c targets, user types come from both through
# their object's scope: the first target's executable as a.out, the
# second's by its file name (struct uty_beta`beta_rec,
# uty_beta`struct beta_rec); an unscoped name is never a target's
# (struct list_head stays the kernel's, a.out`list_head is the
# target's). Members load through user pointers (syscall arguments are
# userland pointers) and char * / char [] members print copied in.
# @@timeout: 120
# @@sort: the two -c processes run side by side, on either CPU
dtrace=$1
dir=$(mktemp -d /tmp/utypes.XXXXXX)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/alpha.c" <<'CEOF'
#include <unistd.h>
struct list_head { char x[3]; };
struct alpha_rec { int a; char name[8]; struct list_head l; };
typedef struct alpha_rec alpha_t;
int main(void)
{
	alpha_t r = { 11, "alpha", { { 0 } } };
	return write(-1, &r, sizeof r) == -1 ? 0 : 1;
}
CEOF
cat > "$dir/beta.c" <<'CEOF'
#include <unistd.h>
struct beta_rec { long b; char *label; };
int main(void)
{
	char label[] = "beta";	/* on the stack: present */
	struct beta_rec r = { 22, label };

	return write(-1, &r, sizeof r) == -1 ? 0 : 1;
}
CEOF
cc -g -O0 -o "$dir/uty_alpha" "$dir/alpha.c" || exit 1
cc -g -O0 -o "$dir/uty_beta" "$dir/beta.c" || exit 1
"$dtrace" -q -c "$dir/uty_alpha" -c "$dir/uty_beta" -n '
syscall::write:entry
/execname == "uty_alpha" && (int)arg0 == -1/
{
	this->a = (a.out`alpha_t *)arg1;
	printf("alpha %d %s\n", this->a->a, this->a->name);
	printf("list_head kernel %d a.out %d\n", sizeof (struct list_head),
	    sizeof (struct a.out`list_head));
}
syscall::write:entry
/execname == "uty_beta" && (int)arg0 == -1/
{
	this->b = (struct uty_beta`beta_rec *)arg1;
	this->u = (uty_beta`struct beta_rec *)arg1;
	printf("beta %d %s %d\n", this->b->b, stringof(this->b->label), this->u->b);
}'
echo "exit $?"
