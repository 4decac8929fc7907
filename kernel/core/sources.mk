# kernel/core sources, shared by kernel/Kbuild (the module) and
# kernel/user/CMakeLists.txt (libdtkcore.a). Paths relative to kernel/.
DTRACE_CORE_SOURCES := \
	core/action.c \
	core/agg.c \
	core/buffer.c \
	core/cost.c \
	core/dif_builtin.c \
	core/dif_cost.c \
	core/dif_emulate.c \
	core/dif_mem.c \
	core/dif_regs.c \
	core/dif_subr.c \
	core/dif_subr_net.c \
	core/dif_subr_path.c \
	core/dif_subr_str.c \
	core/dif_subr_text.c \
	core/dif_validate.c \
	core/dynvar.c \
	core/dynvar_clean.c \
	core/ecb.c \
	core/enable.c \
	core/fire.c \
	core/format.c \
	core/glob.c \
	core/ioctl.c \
	core/late.c \
	core/match.c \
	core/probe.c \
	core/prog.c \
	core/rate.c \
	core/record.c \
	core/spec.c \
	core/state.c \
	core/util.c \
	core/vars.c

# Providers written against core/ only (no OS calls): in both builds.
DTRACE_PORTABLE_PROV_SOURCES := \
	prov/dtrace.c
