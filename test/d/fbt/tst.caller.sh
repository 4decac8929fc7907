# ASSERTION: at fbt entry and return, stack() starts at the caller of the
# probed function (the frames of kprobes, ftrace and rethook are not
# shown, nor the probed function's own entry), and caller is that frame:
# ksys_read is called from do_syscall_64. A profile probe's stack starts
# at the interrupted PC (caller == arg0); a tracepoint's caller is set.
# Four dtrace sessions, two with a kretprobe: more than the default 30 s
# in a loaded TCG guest.
# @@timeout: 120
set -o pipefail	# a pipeline fails when dtrace does
dtrace=$1
status=0
$dtrace -q -c 'cat /etc/hostname' -n '
fbt::ksys_read:entry,
fbt::ksys_read:return
/pid == $target/
{
	printf("%s caller %a", probename, caller);
	stack(2);
	printf("\n");
}' | sort -u | sed -e 's/+0x[0-9a-f]*$//' -e 's/^ *//' | grep -v '^$' | grep -v "^$(cat /etc/hostname)\$" || status=1
$dtrace -q -c 'cat /etc/hostname' -n '
fbt::ksys_read:entry /pid == $target/ { printf("entry alone caller %a\n", caller); }' |
    sort -u | sed -n 's/+0x[0-9a-f]*$//p' || status=1
# Both CPUs may fire before exit() takes effect: one line per answer.
$dtrace -q -n 'profile-997 /arg0 != 0/ { printf("profile caller is arg0: %d\n", caller == arg0); exit(0); }' | sort -u || status=1
$dtrace -q -n 'sched:::off-cpu { printf("off-cpu caller set: %d\n", caller != 0); exit(0); }' | sort -u || status=1
exit $status
