// SPDX-License-Identifier: GPL-2.0
/*
 * The DTRACEIOC_* handlers (ioctl.h): each copies the uapi structure in,
 * bounds what it says before allocating or copying more, calls the
 * state's functions under the core's lock and copies the answer out.
 * What the structures carry is validated by the functions they reach
 * (prog.c, dif_validate.c, ...); here only sizes, terminators and the
 * capacity convention of doc/ioctl.md §4. No OS call but through port.h.
 */
#include "core/ioctl.h"
#include "core/probe.h"
#include "core/state.h"
#include "core/util.h"
#include "dtrace/ioctl.h"
#include "dtrace/version.h"

#define FIELD_SIZE(type, f) sizeof(((type *)0)->f)

_Static_assert(DTRACE_PROVNAMELEN == DTRACE_CORE_PROVNAMELEN, "provider");
_Static_assert(DTRACE_MODNAMELEN == DTRACE_CORE_MODNAMELEN, "module");
_Static_assert(DTRACE_FUNCNAMELEN == DTRACE_CORE_FUNCNAMELEN, "function");
_Static_assert(DTRACE_NAMELEN == DTRACE_CORE_NAMELEN, "name");
_Static_assert(DTRACE_MAXARGS == DTRACE_CORE_MAXARGS, "args");
_Static_assert(FIELD_SIZE(struct dtrace_fireargs, v) ==
		       DTRACE_CORE_MAXARGS * sizeof(uint64_t),
	       "fireargs");
_Static_assert(DTRACE_ARGTYPELEN ==
		       FIELD_SIZE(struct dtrace_core_argdesc, native),
	       "argtype");

static int copyout_ret(uint64_t arg, const void *src, size_t n, int err)
{
	return dtrace_port_copyout(arg, src, n) != 0 ? -EFAULT : err;
}

static int ioc_conf(struct dtrace_core *core, uint64_t arg)
{
	struct dtrace_conf c = {
		.dtc_abi_version = DTRACE_ABI_VERSION,
		.dtc_difversion = DTRACE_DIF_VERSION,
		.dtc_difintregs = DIF_DIR_NREGS,
		.dtc_diftupregs = DIF_DTR_NREGS,
		.dtc_maxcpu = core->ncpus,
		.dtc_maxprog = DTRACE_PROG_MAXSIZE,
	};
	uint32_t cpu;

	for (cpu = 0; cpu < core->ncpus; cpu++)
		c.dtc_ncpus += dtrace_port_cpu_possible(cpu);
	return copyout_ret(arg, &c, sizeof(c), 0);
}

static bool field_ok(const char *s, size_t size)
{
	return dtrace_strnlen(s, size) < size;
}

static bool desc_terminated(const struct dtrace_probedesc *d)
{
	return field_ok(d->dtpd_provider, sizeof(d->dtpd_provider)) &&
	       field_ok(d->dtpd_mod, sizeof(d->dtpd_mod)) &&
	       field_ok(d->dtpd_func, sizeof(d->dtpd_func)) &&
	       field_ok(d->dtpd_name, sizeof(d->dtpd_name));
}

static void desc_fill(struct dtrace_probedesc *d, const struct dtrace_probe *p)
{
	dtrace_memset(d, 0, sizeof(*d));
	d->dtpd_id = p->id;
	dtrace_strlcpy(d->dtpd_provider, p->prov->name,
		       sizeof(d->dtpd_provider));
	dtrace_strlcpy(d->dtpd_mod, p->mod, sizeof(d->dtpd_mod));
	dtrace_strlcpy(d->dtpd_func, p->func, sizeof(d->dtpd_func));
	dtrace_strlcpy(d->dtpd_name, p->name, sizeof(d->dtpd_name));
}

static int probematch(struct dtrace_core *core, void *arg)
{
	struct dtrace_probematch *m = arg;
	struct dtrace_probedesc *d = &m->dtpm_pattern;
	struct dtrace_pattern pat;
	struct dtrace_probe *p;

	if (!desc_terminated(d))
		return -EINVAL;
	pat.id = d->dtpd_id;
	pat.prov = d->dtpd_provider;
	pat.mod = d->dtpd_mod;
	pat.func = d->dtpd_func;
	pat.name = d->dtpd_name;
	if (m->dtpm_start == 0)
		dtrace_probe_provide(core, &pat);
	p = dtrace_probe_match_next(core, &pat, m->dtpm_start);
	if (p == NULL)
		return -ENOENT;
	desc_fill(&m->dtpm_probe, p);
	return 0;
}

static int probearg(struct dtrace_core *core, void *arg)
{
	struct dtrace_argdesc *a = arg;
	struct dtrace_core_argdesc cd;
	int err;

	err = dtrace_probe_argdesc(core, a->dtargd_id, a->dtargd_ndx, &cd);
	if (err != 0)
		return err;
	a->dtargd_mapping = cd.mapping;
	dtrace_strlcpy(a->dtargd_native, cd.native, sizeof(a->dtargd_native));
	dtrace_strlcpy(a->dtargd_xlate, cd.xlate, sizeof(a->dtargd_xlate));
	return 0;
}

/*
 * PROBEMATCH and PROBEARG: a structure too large for a kernel stack is
 * copied in, answered by fn in place and copied back when fn succeeds.
 */
static int ioc_inout(struct dtrace_core *core, uint64_t arg, size_t size,
		     int (*fn)(struct dtrace_core *, void *))
{
	void *p = dtrace_port_zalloc(size);
	int err;

	if (p == NULL)
		return -ENOMEM;
	err = dtrace_port_copyin(p, arg, size) != 0 ? -EFAULT : fn(core, p);
	if (err == 0)
		err = copyout_ret(arg, p, size, 0);
	dtrace_port_free(p);
	return err;
}

/* The file's state, made by its first call that needs one (lock held). */
static struct dtrace_state *state_of(struct dtrace_core *core,
				     struct dtrace_state **stp)
{
	if (*stp == NULL)
		*stp = dtrace_state_create(core);
	return *stp;
}

/*
 * ENABLE and its dry run: the program, up to DTRACE_PROG_MAXSIZE, is
 * copied in before the lock is taken (it may be 64 MB); the out fields
 * go back on failure too. stp NULL: dry run on st.
 */
static int ioc_enable(struct dtrace_core *core, struct dtrace_state **stp,
		      struct dtrace_state *st, uint64_t arg)
{
	struct dtrace_enable_res res;
	struct dtrace_enable en;
	void *blob;
	int err;

	if (dtrace_port_copyin(&en, arg, sizeof(en)) != 0)
		return -EFAULT;
	if (en.dten_size > DTRACE_PROG_MAXSIZE)
		return -E2BIG;
	blob = dtrace_port_zalloc(en.dten_size);
	if (blob == NULL)
		return -ENOMEM;
	if (dtrace_port_copyin(blob, en.dten_prog, en.dten_size) != 0) {
		dtrace_port_free(blob);
		return -EFAULT;
	}
	dtrace_memset(&res, 0, sizeof(res));
	dtrace_port_lock();
	if (stp != NULL)
		st = state_of(core, stp);
	if (st == NULL) {
		dtrace_port_free(blob);
		err = -ENOMEM;
	} else if (stp == NULL) {
		err = dtrace_state_enable_dry(st, blob, en.dten_size, &res);
		dtrace_port_free(blob);
	} else {
		err = dtrace_state_enable(st, blob, en.dten_size, &res);
	}
	dtrace_port_unlock();
	en.dten_nprobes = res.nprobes;
	en.dten_clause = res.clause;
	en.dten_difo = res.difo;
	en.dten_pc = res.pc;
	en.dten_dvr = res.dvr;
	dtrace_memcpy(en.dten_msg, res.msg, sizeof(en.dten_msg));
	return copyout_ret(arg, &en, sizeof(en), err);
}

long dtrace_ioctl_enable_dry(struct dtrace_state *st, uint64_t arg)
{
	return ioc_enable(st->core, NULL, st, arg);
}

/*
 * EPDESC and AGGDESC: ask for the count; short of capacity, the fixed
 * part says how many; else fill the records needed, never more than the
 * capacity the caller gave.
 */
#define DESC_IOCTL(name, type, idf, nrecf, recf, fn)                           \
	static int name(struct dtrace_state *st, uint64_t arg)                 \
	{                                                                      \
		type hdr, *d;                                                  \
		uint64_t size;                                                 \
		uint32_t cap;                                                  \
		int err;                                                       \
                                                                               \
		if (dtrace_port_copyin(&hdr, arg, sizeof(hdr)) != 0)           \
			return -EFAULT;                                        \
		cap = hdr.nrecf;                                               \
		err = fn(st, &hdr, 0);                                         \
		if (err != 0 && err != -ENOSPC)                                \
			return err;                                            \
		if (cap < hdr.nrecf)                                           \
			return copyout_ret(arg, &hdr, sizeof(hdr), -ENOSPC);   \
		size = sizeof(hdr) + (uint64_t)hdr.nrecf * sizeof(d->recf[0]); \
		d = dtrace_port_zalloc(size);                                  \
		if (d == NULL)                                                 \
			return -ENOMEM;                                        \
		d->idf = hdr.idf;                                              \
		err = fn(st, d, hdr.nrecf);                                    \
		if (err == 0)                                                  \
			err = copyout_ret(arg, d, size, 0);                    \
		dtrace_port_free(d);                                           \
		return err;                                                    \
	}

DESC_IOCTL(ioc_epdesc, struct dtrace_epdesc, dtepd_epid, dtepd_nrecs, dtepd_rec,
	   dtrace_state_epdesc)
DESC_IOCTL(ioc_aggdesc, struct dtrace_aggdesc, dtagd_id, dtagd_nrecs, dtagd_rec,
	   dtrace_state_aggdesc)

static int ioc_format(struct dtrace_state *st, uint64_t arg)
{
	struct dtrace_fmtdesc f;
	const char *s;
	size_t len;

	if (dtrace_port_copyin(&f, arg, sizeof(f)) != 0)
		return -EFAULT;
	s = dtrace_state_format(st, f.dtfd_id);
	if (s == NULL)
		return -EINVAL;
	len = dtrace_strlen(s) + 1;
	if (f.dtfd_length < len) {
		f.dtfd_length = (uint32_t)len;
		return copyout_ret(arg, &f, sizeof(f), -ENOSPC);
	}
	if (dtrace_port_copyout(f.dtfd_string, s, len) != 0)
		return -EFAULT;
	f.dtfd_length = (uint32_t)len;
	return copyout_ret(arg, &f, sizeof(f), 0);
}

static int ioc_gostop(struct dtrace_state *st, uint64_t arg, bool go)
{
	struct dtrace_go g = { 0 };
	int err;

	err = go ? dtrace_state_go(st, &g.dtgo_cpu) :
		   dtrace_state_stop(st, &g.dtgo_cpu);
	if (err != 0)
		return err;
	return copyout_ret(arg, &g, sizeof(g), 0);
}

typedef int (*snap_fn)(struct dtrace_state *, uint32_t, uint64_t,
		       struct dtrace_bufdesc *, const void **);

/* BUFSNAP and AGGSNAP: switch in the state, then copy the filled buffer. */
static int ioc_snap(struct dtrace_state *st, uint64_t arg, snap_fn fn)
{
	struct dtrace_bufdesc d;
	const void *data;
	int err;

	if (dtrace_port_copyin(&d, arg, sizeof(d)) != 0)
		return -EFAULT;
	err = fn(st, d.dtbd_cpu, d.dtbd_size, &d, &data);
	if (err == -ENOSPC) /* too small: the room needed goes back */
		return copyout_ret(arg, &d, sizeof(d), err);
	if (err != 0)
		return err;
	if (d.dtbd_size > 0 &&
	    dtrace_port_copyout(d.dtbd_data, data, d.dtbd_size) != 0)
		return -EFAULT;
	return copyout_ret(arg, &d, sizeof(d), 0);
}

static int ioc_status(struct dtrace_state *st, uint64_t arg)
{
	struct dtrace_status s;

	dtrace_state_status(st, &s);
	return copyout_ret(arg, &s, sizeof(s), 0);
}

/* The calls about the caller's own state (lock held). */
static long ioc_state(struct dtrace_state *st, unsigned int cmd, uint64_t arg)
{
	switch (cmd) {
	case DTRACEIOC_EPDESC:
		return ioc_epdesc(st, arg);
	case DTRACEIOC_AGGDESC:
		return ioc_aggdesc(st, arg);
	case DTRACEIOC_FORMAT:
		return ioc_format(st, arg);
	case DTRACEIOC_GO:
		return ioc_gostop(st, arg, true);
	case DTRACEIOC_STOP:
		return ioc_gostop(st, arg, false);
	case DTRACEIOC_BUFSNAP:
		return ioc_snap(st, arg, dtrace_state_bufsnap);
	case DTRACEIOC_AGGSNAP:
		return ioc_snap(st, arg, dtrace_state_aggsnap);
	case DTRACEIOC_STATUS:
		return ioc_status(st, arg);
	default:
		return -ENOTTY;
	}
}

static bool ioc_needs_state(unsigned int cmd)
{
	return cmd == DTRACEIOC_EPDESC || cmd == DTRACEIOC_AGGDESC ||
	       cmd == DTRACEIOC_FORMAT || cmd == DTRACEIOC_GO ||
	       cmd == DTRACEIOC_STOP || cmd == DTRACEIOC_BUFSNAP ||
	       cmd == DTRACEIOC_STATUS || cmd == DTRACEIOC_AGGSNAP;
}

long dtrace_ioctl(struct dtrace_core *core, struct dtrace_state **stp,
		  unsigned int cmd, uint64_t arg)
{
	struct dtrace_state *st;
	long err;

	if (cmd == DTRACEIOC_CONF)
		return ioc_conf(core, arg);
	if (cmd == DTRACEIOC_ENABLE)
		return ioc_enable(core, stp, NULL, arg);
	if (cmd != DTRACEIOC_PROBEMATCH && cmd != DTRACEIOC_PROBEARG &&
	    !ioc_needs_state(cmd))
		return -ENOTTY;
	dtrace_port_lock();
	if (cmd == DTRACEIOC_PROBEMATCH) {
		err = ioc_inout(core, arg, sizeof(struct dtrace_probematch),
				probematch);
	} else if (cmd == DTRACEIOC_PROBEARG) {
		err = ioc_inout(core, arg, sizeof(struct dtrace_argdesc),
				probearg);
	} else {
		st = state_of(core, stp);
		err = st == NULL ? -ENOMEM : ioc_state(st, cmd, arg);
	}
	dtrace_port_unlock();
	return err;
}
