/*
 * procfs.d: the process and thread views DTrace programs know from
 * /proc (psinfo_t, lwpsinfo_t), translated from the kernel's struct
 * task_struct, and curpsinfo / curlwpsinfo for the current thread.
 * Only members Linux can fill are defined; using another one is
 * D_XLATE_NOCONV or D_TYPE_MEMBER. Member names are DTrace's.
 */

/* pr_state values, and pr_sname's letter for each. */
inline char SSLEEP = 1;		/* sleeping: S (interruptible) or D */
inline char SRUN = 2;		/* runnable: R */
inline char SZOMB = 3;		/* exited, not yet reaped: Z */
inline char SSTOP = 4;		/* stopped or traced: T */
inline char SIDL = 5;		/* being created: I */
inline char SONPROC = 6;	/* running on a CPU: O */
inline char SWAIT = 7;		/* waiting to run: W (not used on Linux) */

/* pr_dmodel values. */
inline char PR_MODEL_ILP32 = 1;
inline char PR_MODEL_LP64 = 2;

typedef struct lwpsinfo {
	int pr_flag;		/* task flags (PF_*) */
	id_t pr_lwpid;		/* thread id (the kernel's pid) */
	uintptr_t pr_addr;	/* the task_struct */
	uintptr_t pr_wchan;	/* always 0, as in DTrace on Linux */
	char pr_stype;		/* always 0: no synchronization object types */
	char pr_state;		/* SSLEEP .. SONPROC */
	char pr_sname;		/* the state's letter */
	int pr_pri;		/* kernel priority (task prio, lower is better) */
	char pr_nice;		/* nice value, -20 .. 19 */
	char pr_oldpri;		/* Solaris' pre-SVR4 priority: not translated */
	char pr_cpu;		/* Solaris' pre-SVR4 CPU usage: not translated */
	hrtime_t pr_start;	/* start time, ns since boot */
	char pr_name[16];	/* thread name (comm) */
	processorid_t pr_onpro;	/* the CPU it runs or last ran on */
} lwpsinfo_t;

typedef struct psinfo {
	int pr_nlwp;		/* threads in the process */
	pid_t pr_pid;
	pid_t pr_ppid;
	pid_t pr_pgid;
	pid_t pr_sid;
	uid_t pr_uid;		/* real */
	uid_t pr_euid;		/* effective */
	gid_t pr_gid;
	gid_t pr_egid;
	uintptr_t pr_addr;	/* the task_struct translated, as in DTrace */
	size_t pr_size;		/* address space size, KiB */
	size_t pr_rssize;	/* resident set size: not translated, as in DTrace */
	struct tty_struct *pr_ttydev;	/* controlling tty, else -1 */
	hrtime_t pr_start;	/* start time of the process, ns since boot */
	char pr_fname[16];	/* command name (comm of the thread leader) */
	char pr_psargs[80];	/* arguments, space-separated (see below) */
	int pr_wstat;		/* always 0, as in DTrace on Linux */
	int pr_argc;		/* argument count (see below) */
	uintptr_t pr_argv;	/* user address of the argument vector */
	uintptr_t pr_envp;	/* user address of the environment vector */
	char pr_dmodel;		/* PR_MODEL_LP64 or PR_MODEL_ILP32 */
	taskid_t pr_taskid;	/* Solaris ids Linux lacks: always 0 */
	projid_t pr_projid;
	int pr_nzomb;
	id_t pr_poolid;
	zoneid_t pr_zoneid;
	id_t pr_contract;
	lwpsinfo_t pr_lwp;	/* the thread */
} psinfo_t;

translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = T->flags;
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_state = T->exit_state & 0x30 ? SZOMB :
	    T->__state & 0x0c ? SSTOP :
	    T->__state & 0x03 ? SSLEEP :
	    T->__state == 0 && T->on_cpu ? SONPROC :
	    T->__state == 0 ? SRUN : SIDL;
	pr_sname = T->exit_state & 0x30 ? 'Z' :
	    T->__state & 0x0c ? 'T' :
	    T->__state & 0x02 ? 'D' :
	    T->__state & 0x01 ? 'S' :
	    T->__state == 0 && T->on_cpu ? 'O' :
	    T->__state == 0 ? 'R' : 'I';
	pr_pri = T->prio;
	pr_nice = T->static_prio - 120;
	pr_start = T->start_time;
	pr_name = T->comm;
	pr_wchan = 0;
	pr_stype = 0;
	pr_onpro = T->thread_info.cpu;
};

translator psinfo_t < struct task_struct *T > {
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[2]->numbers[0].nr;	/* PIDTYPE_PGID */
	pr_sid = T->signal->pids[3]->numbers[0].nr;	/* PIDTYPE_SID */
	pr_uid = T->cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;
	pr_size = T->mm ? T->mm->total_vm * 4 : 0;
	pr_start = T->group_leader->start_time;
	pr_fname = T->group_leader->comm;
	/*
	 * argv lives in the process's memory (mm->arg_start .. arg_end),
	 * readable only from that process: copyinargs() joins it when T
	 * shares the current thread's address space; else the command name.
	 */
	pr_psargs = T->mm && T->mm == curthread->mm ?
	    copyinargs(T->mm->arg_start, T->mm->arg_end - T->mm->arg_start > 79 ?
	    79 : T->mm->arg_end - T->mm->arg_start) :
	    stringof(T->group_leader->comm);
	pr_ttydev = T->signal->tty ? T->signal->tty :
	    (struct tty_struct *)-1;
	pr_wstat = 0;
	/*
	 * At exec the kernel leaves argc, argv[] and envp[] from
	 * mm->start_stack up; argc is read from there when T shares the
	 * current thread's address space, else it is 0.
	 */
	pr_argc = T->mm && T->mm == curthread->mm ?
	    *(int *)copyin(T->mm->start_stack, sizeof (int)) : 0;
	pr_argv = T->mm ? T->mm->start_stack + sizeof (uint64_t) : 0;
	pr_envp = T->mm && T->mm == curthread->mm ? T->mm->start_stack +
	    (*(int *)copyin(T->mm->start_stack, sizeof (int)) + 2) *
	    sizeof (uint64_t) : 0;
	pr_dmodel = T->mm && (T->thread_info.flags & (1 << 29)) ?
	    PR_MODEL_ILP32 : PR_MODEL_LP64;	/* TIF_ADDR32 */
	pr_taskid = 0;
	pr_projid = 0;
	pr_nzomb = 0;
	pr_poolid = 0;
	pr_zoneid = 0;
	pr_contract = 0;
	pr_lwp = xlate <lwpsinfo_t> (T);
};

inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);
