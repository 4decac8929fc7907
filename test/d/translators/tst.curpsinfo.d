/*
 * ASSERTION: curpsinfo and curlwpsinfo (procfs.d) describe the current
 * thread: the same ids as the pid, tid, ppid, uid and execname built-ins
 * (the consumer itself calls ioctl).
 */
#pragma D option quiet

syscall::ioctl:entry
/curpsinfo->pr_pid == $pid/
{
	printf("pid %d ppid %d uid %d gid %d lwp %d fname %d nlwp %d dmodel %d\n",
	    curpsinfo->pr_pid == pid, curpsinfo->pr_ppid == ppid,
	    curpsinfo->pr_uid == uid, curpsinfo->pr_gid == gid,
	    curlwpsinfo->pr_lwpid == tid,
	    stringof(curpsinfo->pr_fname) == execname,
	    curpsinfo->pr_nlwp >= 1, curpsinfo->pr_dmodel == PR_MODEL_LP64);
	printf("state %d sname %c nested %d\n", curlwpsinfo->pr_state == SONPROC,
	    curlwpsinfo->pr_sname, curpsinfo->pr_lwp.pr_lwpid == tid);
	exit(0);
}
