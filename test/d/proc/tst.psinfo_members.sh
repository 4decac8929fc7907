# ASSERTION: the psinfo_t and lwpsinfo_t members DTrace on Linux
# translates: pr_argc, pr_argv and pr_envp locate the process's argument
# and environment vectors (read back with copyin), pr_onpro is the CPU
# the thread runs on, pr_ttydev is -1 when the process has no controlling
# tty (as /proc/PID/stat's tty_nr says), and the members Linux lacks
# (pr_wstat, pr_taskid, pr_projid, pr_nzomb, pr_poolid, pr_contract,
# pr_wchan, pr_stype) read 0.
# @@timeout: 60
trig=$(dirname "$1")/test/triggers
notty=$([ "$(sed 's/.*) //' /proc/$$/stat | awk '{print $5}')" = 0 ] && echo 1 || echo 0)
"$1" -q -c "env -i DTFOO=bar $trig/pid-calls one two" -n '
BEGIN
{
	done = 0;
}

syscall::getpid:entry
/pid == $target && !done/
{
	done = 1;
	printf("argc %d\n", curpsinfo->pr_argc);
	printf("argv %s %s\n",
	    copyinstr(*(uintptr_t *)copyin(curpsinfo->pr_argv + 8, 8)),
	    copyinstr(*(uintptr_t *)copyin(curpsinfo->pr_argv + 16, 8)));
	printf("envp %s\n", copyinstr(*(uintptr_t *)copyin(curpsinfo->pr_envp, 8)));
	printf("onpro %d\n", curlwpsinfo->pr_onpro == cpu);
	printf("notty %d\n", curpsinfo->pr_ttydev == (struct tty_struct *)-1);
	printf("zeros %d\n", curpsinfo->pr_wstat + curpsinfo->pr_taskid +
	    curpsinfo->pr_projid + curpsinfo->pr_nzomb + curpsinfo->pr_poolid +
	    curpsinfo->pr_contract + curlwpsinfo->pr_wchan +
	    curlwpsinfo->pr_stype);
}' > /tmp/psinfo.$$.out
echo "exit $?"
sed "s/^notty $notty\$/notty as in \/proc/" /tmp/psinfo.$$.out
rm -f /tmp/psinfo.$$.out
