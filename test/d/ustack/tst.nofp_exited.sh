# ASSERTION: a -c program that has exited by the time its user stacks
# are unwound (its aggregation is printed at its exit) still unwinds
# through its frame-pointer-less frames: dtrace reads the target's maps
# when it starts it, not at the first record. The program makes 20
# calls of lib_work that sleep 2 ms each, then exits.
# @@timeout: 120
. "$(dirname "$0")/nofp.sh"
"$dtrace" -q -c "$prog 1 20" -n '
pid$target:libnofp.so:lib_work:entry { @[ustack()] = count(); }' > "$tmp/out" 2>&1
echo "exit $?"
awk '$1 ~ /^[0-9]+$/ && NF == 1 { n += $1 } END { print "calls:", n }' "$tmp/out"
chain_ok exited < "$tmp/out"
