# ASSERTION: enabling more fbt probes than fbt_max_enabled (entry or
# return) fails without hanging, and the probes armed before the limit
# are removed again.
# @@timeout: 180
p=/sys/module/dtrace/parameters/fbt_max_enabled
old=$(cat $p)
echo 10 > $p
"$1" -q -n 'fbt::vfs_*:entry { exit(0); }' > /dev/null 2>&1
echo "dtrace exit (entries): $?"
"$1" -q -n 'fbt::vfs_*:return { exit(0); }' > /dev/null 2>&1
echo "dtrace exit (returns): $?"
echo "$old" > $p
l=/sys/kernel/debug/kprobes/list
[ -r $l ] && echo "kprobes left: $(wc -l < $l)"
"$1" -q -n 'fbt::vfs_read:entry { n++; } tick-100ms { printf("enabled again\n"); exit(0); }'
