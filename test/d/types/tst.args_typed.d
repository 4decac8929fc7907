/*
 * ASSERTION: args[n] has the probe's argument type: fbt from the BTF
 * prototype (vfs_read(struct file *, char *, size_t, loff_t *), the
 * return value in args[1]), stable providers translated (bufinfo_t,
 * devinfo_t, fileinfo_t, lwpsinfo_t, psinfo_t, cpuinfo_t) or native
 * (int); every clause compiles. Nothing fires: `never` stays 0.
 */
int never;

fbt::vfs_read:entry /never/ { trace(args[0]->f_pos); trace(args[2] * 2); trace(*args[3]); }
fbt::vfs_read:return /never/ { trace(args[1] + 1); }
io:::start /never/ { @[args[1]->dev_statname, args[1]->dev_major] = sum(args[0]->b_bcount); }
io:::done /never/ { trace(args[2]->fi_name); trace(args[0]->b_flags & B_READ); }
sched:::off-cpu /never/ { trace(args[0]->pr_lwpid); trace(args[1]->pr_fname); }
sched:::enqueue /never/ { trace(args[2]->cpu_id); trace(args[1]->pr_lwp.pr_lwpid); }
proc:::signal-send /never/ { trace(args[2] + args[1]->pr_pid); }
proc:::create /never/ { this->p = args[0]; trace(this->p->pr_ppid); }

BEGIN { exit(0); }
