# ASSERTION: trace() takes structs by value, also from clause-local and
# global variables: text up to NULs prints as a padded string (bare with
# -q), other bytes as the tracemem() dump, as many rows as the struct
# has 16-byte lines. (A struct of 1, 2, 4 or 8 bytes prints as an integer
# of that size, as any record does.)
# @@timeout: 60
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/../lib/until_exit.sh"
dtout=$(mktemp)
trap 'rm -f "$dtout"' EXIT
dtrace=$1
"$dtrace" -n '
struct task_struct t;
BEGIN
{
	this->t = *curthread;
	t = this->t;
	printf("size %d", sizeof (struct task_struct));
	trace(this->t);
	trace(t);
	exit(0);
}' | awk '
	/size/ { size = $NF; next }
	/0123456789abcdef$/ { dumps++; next }
	/^ +[0-9a-f]+: / { rows++ }
	END {
		print dumps " dumps";
		print (rows == 2 * int((size + 15) / 16) ? "rows cover the struct" : rows " rows for " size " bytes");
	}'
dt_ok "${PIPESTATUS[0]}" "dtrace (struct task_struct)"
"$dtrace" -n '
struct word { char c[12]; };
syscall::write:entry
/pid == $1 && arg2 == 12/
{
	this->w = *(struct word *)copyin(arg1, 12);
	trace(this->w);
	printf("|");
	exit(0);
}' $$ 2>/dev/null > "$dtout" &
dt=$!
until_exit "$dt" printf 'word\0\0\0\0\0\0\0\0' > /dev/null
wait "$dt"
rc=$?
sed -n '2s/^.*:entry/WORD/p' "$dtout"
dt_ok $rc "dtrace (struct word)"
