# ASSERTION: enabling more fbt return probes than fbt_max_enabled fails
# without hanging, and the kretprobes armed before the limit are removed
# again; entry probes (one ftrace_ops) are not limited by it.
# @@timeout: 120
p=/sys/module/dtrace/parameters/fbt_max_enabled
old=$(cat $p)
echo 10 > $p
"$1" -q -n 'fbt::vfs_*:return { exit(0); }' > /dev/null 2>&1
echo "dtrace exit (returns): $?"
"$1" -q -n 'fbt::vfs_*:entry { n++; } tick-100ms { exit(0); }'
echo "dtrace exit (entries): $?"
echo "$old" > $p
l=/sys/kernel/debug/kprobes/list
[ -r $l ] && echo "kprobes left: $(wc -l < $l)"
"$1" -q -n 'fbt::vfs_read:return { n++; } tick-100ms { printf("enabled again\n"); exit(0); }'
