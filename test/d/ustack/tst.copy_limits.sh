# ASSERTION: the user stack copy at its largest (-x ustackbytes=64k,
# DTRACE_MAX_USTACKBYTES) is taken safely from profile interrupts on
# every CPU (user tasks, kernel threads and idle, where there is no user
# context to copy) and from every process's system calls, with stacks
# shorter than the copy (a page that cannot be read ends it), and the
# run ends normally; one byte-step over the limit is refused.
# @@timeout: 180
. "$(dirname "$0")/nofp.sh"
"$dtrace" -q -x ustackbytes=64k -x bufsize=16m -c "$prog 1" -n '
profile-4999 /n++ < 4000/ { ustack(); }
syscall:::entry /m++ < 4000/ { ustack(); }
tick-2s { exit(0); }' > "$tmp/out" 2> "$tmp/err"
echo "64k: exit $?"
grep -q 'nofp_prog`main' "$tmp/out" && echo "64k: the target's frames are there"
grep -v 'drops on CPU' "$tmp/err"
"$dtrace" -q -x ustackbytes=65544 -n 'BEGIN { ustack(); exit(0); }' 2>&1
echo "64k + 8: exit $?"
