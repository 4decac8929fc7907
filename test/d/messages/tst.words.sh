# ASSERTION: compile errors carry DTrace's words, not only its tags, as
# scripts and test suites match on them: one program per message, each
# refused (exit 1) with the text Oracle's module-era DTrace prints.
# Compile-only (dtrace -e): runs natively and in the guest.
dtrace=$1
dir=$(mktemp -d /tmp/words.XXXXXX)
trap 'rm -rf "$dir"' EXIT
n=0
while IFS= read -r prog; do
	[ -n "$prog" ] || continue
	n=$((n + 1))
	printf '%s\n' "$prog" > "$dir/p$n.d"
	(cd "$dir" && "$dtrace" -xerrtags -e -s "p$n.d") 2>&1
	echo "exit $?"
done <<'PROGRAMS'
int a[88294967295];
int a[];
int x; BEGIN { x = "s"; }
inline int i = "s";
struct s { char c : 10; };
int a[int, ...];
inline int foo = 3; inline int foo = 4;
inline int rand = 7;
BEGIN { x = 0128; }
BEGIN { x = 0x12345678123456781; }
struct s { int a; }; struct s *p; BEGIN { p.a = 1; }
int *q; BEGIN { trace(q->a); }
#pragma D error "this is an error message"
#pragma D option nspec=245566729809009887663
BEGIN { stack(1, 2); }
BEGIN { stack(0); }
BEGIN { ustack(0); }
BEGIN { ustack(1, -1); }
BEGIN { ustack(1, 2, 3); }
BEGIN { tracemem(0, 0); }
struct in { int a; }; struct out { int b; }; BEGIN { trace(xlate<struct out>((struct in *)0)); }
translator int < int x > { };
struct fwd; translator struct fwd < int x > { };
enum e { TAG = "s" };
enum e { toobig = 2147483648 };
int `xyz;
struct in { int ii; }; struct out { int oi; }; translator struct out < struct in *i > { oi = i->ii; }; struct in *f; BEGIN { a = (uintptr_t)xlate<struct out *>(f); }
struct in { char c; }; struct out { char *p; }; translator struct out < struct in *i > { p = i->c; };
BEGIN { @a[curpsinfo] = count(); }
BEGIN { tracemem(*curthread, 128); }
PROGRAMS
