/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The /dev/dtrace interface. Each open file is one tracing state (its
 * enablings, buffers, aggregations, options); closing it, or the death
 * of the process holding it, tears everything down. Every ioctl returns
 * 0 or -1 with errno; doc/ioctl.md lists each call's errors.
 *
 * Life of a consumer: CONF -> PROBEMATCH/PROBEARG (listing) -> ENABLE
 * (one or more) -> EPDESC/AGGDESC/FORMAT (decoding tables) -> GO ->
 * BUFSNAP/AGGSNAP/STATUS (repeatedly) -> STOP -> final snaps -> close.
 */
#ifndef _DTRACE_UAPI_IOCTL_H
#define _DTRACE_UAPI_IOCTL_H

#include <linux/ioctl.h>
#include "types.h"
#include "buf.h"

#define DTRACE_DEVICE "/dev/dtrace"

#define DTRACE_PROVNAMELEN 64
#define DTRACE_MODNAMELEN  64
#define DTRACE_FUNCNAMELEN 192
#define DTRACE_NAMELEN	   64
#define DTRACE_ARGTYPELEN  128
/* args[0..11] (arg0 .. arg9 as variables): a USDT probe's 12, as <sys/sdt.h> */
#define DTRACE_MAXARGS 12

/* DTRACEIOC_CONF: what the module supports. */
struct dtrace_conf {
	uint32_t dtc_abi_version; /* DTRACE_ABI_VERSION */
	uint32_t dtc_difversion;  /* DTRACE_DIF_VERSION */
	uint32_t dtc_difintregs;  /* DIF_DIR_NREGS */
	uint32_t dtc_diftupregs;  /* DIF_DTR_NREGS */
	uint32_t dtc_ncpus;	  /* possible CPUs (buffers) */
	uint32_t dtc_maxcpu;	  /* highest CPU id + 1 */
	uint64_t dtc_maxprog;	  /* DTRACE_PROG_MAXSIZE */
};

/* A probe; also the pattern for PROBEMATCH (empty field = any). */
struct dtrace_probedesc {
	uint32_t dtpd_id; /* 0 in a pattern: match by name */
	uint32_t dtpd_pad;
	char dtpd_provider[DTRACE_PROVNAMELEN];
	char dtpd_mod[DTRACE_MODNAMELEN];
	char dtpd_func[DTRACE_FUNCNAMELEN];
	char dtpd_name[DTRACE_NAMELEN];
};

/*
 * DTRACEIOC_PROBEMATCH: in: pattern (glob fields) and dtpm_start; out:
 * the first matching probe with id >= dtpm_start in dtpm_probe. ENOENT
 * when there is none. Listing walks with dtpm_start = last id + 1.
 * Providers that create probes lazily (fbt, sdt, pid) are asked to
 * provide those matching the pattern when dtpm_start is 0.
 */
struct dtrace_probematch {
	struct dtrace_probedesc dtpm_pattern;
	uint32_t dtpm_start;
	uint32_t dtpm_pad;
	struct dtrace_probedesc dtpm_probe;
};

/*
 * DTRACEIOC_PROBEARG: in dtpa_id, dtpa_ndx; out: the C type of argument
 * dtpa_ndx as the provider knows it (native) and as D sees it after
 * translation (xlate, empty if none), and which native argument it maps
 * to. EINVAL past the last argument.
 */
struct dtrace_argdesc {
	uint32_t dtargd_id;
	uint32_t dtargd_ndx;
	uint32_t dtargd_mapping;
	uint32_t dtargd_pad;
	char dtargd_native[DTRACE_ARGTYPELEN];
	char dtargd_xlate[DTRACE_ARGTYPELEN];
};

/*
 * DTRACEIOC_ENABLE: in: a program (prog.h). out: probes matched. When
 * the program is refused (EINVAL), the dten_* fields say why: a validator verdict
 * (DIF_DVR_*) with the DIFO and instruction, or a container problem
 * (dten_dvr = DIF_DVR_OK, dten_msg filled). ENOENT: a clause matched no
 * probe (dten_clause says which); E2BIG: program too large; EBUSY:
 * tracing already started; EPERM: destructive action or subroutine
 * without DTRACEOPT_DESTRUCTIVE (dten_dvr = DIF_DVR_PRIV for subroutines).
 */
struct dtrace_enable {
	uint64_t dten_prog;    /* user pointer to the blob */
	uint64_t dten_size;    /* bytes */
	uint32_t dten_nprobes; /* out: ECBs created */
	uint32_t dten_clause;  /* out: clause at fault */
	uint32_t dten_difo;    /* out: DIFO at fault or DTRACE_NONE */
	uint32_t dten_pc;      /* out: instruction at fault */
	uint32_t dten_dvr;     /* out: DIF_DVR_* */
	uint32_t dten_pad;
	char dten_msg[128]; /* out: human-readable reason */
};

/* DTRACEIOC_FORMAT: in dtfd_id, dtfd_length (capacity of dtfd_string). */
struct dtrace_fmtdesc {
	uint64_t dtfd_string; /* user pointer */
	uint32_t dtfd_length; /* in: capacity; out: length incl. NUL */
	uint32_t dtfd_id;
};

/* DTRACEIOC_GO and DTRACEIOC_STOP: out: the CPU BEGIN/END fired on.
 * GO: E2BIG when a speculating program's specsize is under 8 bytes. */
struct dtrace_go {
	uint32_t dtgo_cpu;
	uint32_t dtgo_pad;
};

/*
 * USDT helpers: a process registers the provider definitions carried in
 * its objects (DTRACE_PROGF_HELPER programs, read from its own memory
 * by the module) and removes them by the returned generation. They die
 * with the process.
 */
struct dtrace_helper {
	uint64_t dthp_prog; /* user address of the program blob */
	uint64_t dthp_size;
	uint64_t dthp_base; /* load base the offsets are relative to */
	uint64_t dthp_gen;  /* out (ADD) / in (REMOVE) */
	char dthp_mod[DTRACE_MODNAMELEN]; /* object name */
};

/*
 * DTRACEIOC_USERPROBE: the consumer creates one probe on an instruction
 * of a user object, for one process: pid provider probes (entry, return,
 * an offset in a function) and probes from the .note.stapsdt notes of
 * binaries built without drti. libdtrace resolves symbols and notes
 * with libelf; the module only plants a uprobe at (inode of dtup_path,
 * dtup_offset) that fires for process dtup_pid alone. Creating a probe
 * whose four names already exist returns the existing id. The probes
 * go away when the process exits (or the module unloads); doc/ioctl.md
 * gives the rules. Errors: ENOENT no such process or path, EINVAL bad
 * kind/offset/argument spec, ENOSPC too many user probes.
 */
enum dtrace_userprobe_kind {
	DTRACE_UP_ENTRY = 1,	/* function entry: args = ABI argument regs */
	DTRACE_UP_RETURN,	/* function return: arg0 = offset, arg1 = rv */
	DTRACE_UP_OFFSET,	/* any instruction: args = ABI argument regs */
	DTRACE_UP_USDT,		/* static probe: args from dtup_args[] */
	DTRACE_UP_USDT_ENABLED, /* is-enabled site (sets %rax/x0 to 1) */
};

/* Where a USDT argument lives at the probe site (stapsdt "N@operand"). */
enum dtrace_uarg_kind {
	DTRACE_UARG_REG = 1, /* value of register dtua_reg */
	DTRACE_UARG_MEM,     /* load at register dtua_reg + dtua_value */
	DTRACE_UARG_CONST,   /* the constant dtua_value */
};

struct dtrace_uarg {
	int8_t dtua_size;  /* bytes 1/2/4/8; negative = signed */
	uint8_t dtua_kind; /* DTRACE_UARG_* */
	uint16_t dtua_reg; /* uregs[] index: pt_regs as uint64_t[] */
	uint32_t dtua_pad;
	int64_t dtua_value; /* displacement or constant */
};

struct dtrace_userprobe {
	struct dtrace_probedesc dtup_desc; /* in: names; out: dtpd_id */
	uint32_t dtup_pid;    /* process (tgid) the probe fires for */
	uint32_t dtup_kind;   /* DTRACE_UP_* */
	uint64_t dtup_offset; /* file offset of the instruction */
	uint64_t dtup_refctr; /* file offset of a uint16_t semaphore
					 * the kernel counts enablings in, or 0 */
	uint32_t dtup_nargs;  /* DTRACE_UP_USDT: entries of dtup_args */
	uint32_t dtup_pad;
	struct dtrace_uarg dtup_args[DTRACE_MAXARGS];
	char dtup_path[256]; /* the object, as the consumer can open
					 * it (e.g. /proc/PID/root/usr/lib/...) */
};

#define DTRACE_IOC_MAGIC 0xd7

#define DTRACEIOC_CONF _IOR(DTRACE_IOC_MAGIC, 1, struct dtrace_conf)
#define DTRACEIOC_PROBEMATCH \
	_IOWR(DTRACE_IOC_MAGIC, 2, struct dtrace_probematch)
#define DTRACEIOC_PROBEARG  _IOWR(DTRACE_IOC_MAGIC, 3, struct dtrace_argdesc)
#define DTRACEIOC_ENABLE    _IOWR(DTRACE_IOC_MAGIC, 4, struct dtrace_enable)
#define DTRACEIOC_EPDESC    _IOWR(DTRACE_IOC_MAGIC, 5, struct dtrace_epdesc)
#define DTRACEIOC_AGGDESC   _IOWR(DTRACE_IOC_MAGIC, 6, struct dtrace_aggdesc)
#define DTRACEIOC_FORMAT    _IOWR(DTRACE_IOC_MAGIC, 7, struct dtrace_fmtdesc)
#define DTRACEIOC_GO	    _IOR(DTRACE_IOC_MAGIC, 8, struct dtrace_go)
#define DTRACEIOC_STOP	    _IOR(DTRACE_IOC_MAGIC, 9, struct dtrace_go)
#define DTRACEIOC_BUFSNAP   _IOWR(DTRACE_IOC_MAGIC, 10, struct dtrace_bufdesc)
#define DTRACEIOC_AGGSNAP   _IOWR(DTRACE_IOC_MAGIC, 11, struct dtrace_bufdesc)
#define DTRACEIOC_STATUS    _IOR(DTRACE_IOC_MAGIC, 12, struct dtrace_status)
#define DTRACEIOC_USERPROBE _IOWR(DTRACE_IOC_MAGIC, 13, struct dtrace_userprobe)
#define DTRACEHIOC_ADDPROG  _IOWR(DTRACE_IOC_MAGIC, 32, struct dtrace_helper)
#define DTRACEHIOC_REMOVE   _IOW(DTRACE_IOC_MAGIC, 33, struct dtrace_helper)

/*
 * Without /dev/dtrace (the bpf backend, doc/bpf.md) each consumer that
 * may match probes late listens on a SOCK_SEQPACKET socket in this
 * directory; drti tells every one of them of its object (at load, in
 * each child of fork) with a dtrace_helper_note and waits for the
 * consumer's one-byte answer: the object's probes are armed then. The
 * consumer takes the process from the socket's peer credentials.
 */
#define DTRACE_HELPER_SOCKDIR	 "/run/dtrace"
#define DTRACE_HELPER_NOTE_MAGIC 0x6e746864u /* "dhtn" */
#define DTRACE_HELPER_NOTE_WAIT	 10000	     /* ms drti waits at most */

struct dtrace_helper_note {
	uint32_t dthn_magic;
	uint32_t dthn_pad;
	uint64_t dthn_base; /* the object's load base (its ELF header) */
};

#endif /* _DTRACE_UAPI_IOCTL_H */
