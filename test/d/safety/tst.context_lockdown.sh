# ASSERTION: ENABLE honours kernel lockdown as eBPF does: under
# integrity a program runs but a destructive one (-w: copyout may write
# user memory) is refused; under confidentiality every program is refused
# (no kernel memory may be read); each refusal names lockdown.
# Raising lockdown cannot be undone and the module must be loaded before
# (it is unsigned), so this runs by hand in a guest of its own:
#   test/vm/run -- sh -c 'bash test/d/safety/tst.context_lockdown.sh \
#     build/dtrace 2>&1 | diff - test/d/safety/tst.context_lockdown.r'
# @@skip: raises the guest's lockdown for good; run by hand (see above)
dtrace=$1
sec=/sys/kernel/security
[ -e $sec/lockdown ] || mount -t securityfs none $sec
cat $sec/lockdown
run() {
	"$dtrace" "$@" -q -n 'BEGIN { printf("ran\n"); exit(0); }' 2>&1
	echo "exit $?"
}
run
echo integrity > $sec/lockdown && cat $sec/lockdown
run
run -w
echo confidentiality > $sec/lockdown && cat $sec/lockdown
run
