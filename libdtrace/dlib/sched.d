/*
 * sched.d: cpuinfo_t, the CPU view of the sched provider's enqueue and
 * dequeue probes (args[2]), translated from the CPU number the module
 * passes. Linux has no processor sets (cpu_pset is -1, DTrace's
 * PS_NONE); from a bare CPU number cpu_chip and cpu_lgrp are not filled
 * (D_XLATE_NOCONV). curcpu points to the module's own cpuinfo_t for the
 * firing CPU, which has them (physical package, NUMA node).
 */

typedef struct cpuinfo {
	processorid_t cpu_id;	/* CPU number */
	psetid_t cpu_pset;	/* processor set: -1, none */
	chipid_t cpu_chip;	/* not filled */
	lgrp_id_t cpu_lgrp;	/* not filled */
} cpuinfo_t;

translator cpuinfo_t < int C > {
	cpu_id = C;
	cpu_pset = -1;
};
