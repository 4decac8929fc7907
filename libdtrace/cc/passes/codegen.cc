#include "cc/passes/codegen.h"

#include "dif/codegen.h"
#include "dif/verify.h"
#include "dtrace/limits.h"

namespace dtrace::cc {

bool generate_dif(CompileContext& ctx) { return dif::generate_program(ctx); }

bool assemble_difos(CompileContext& ctx) {
  ctx.out.difos.clear();
  for (const dif::IrDifo& ir : ctx.ir) ctx.out.difos.push_back(dif::assemble(ir));
  return true;
}

namespace {

// A variable the module's limit on by-reference values refuses: the
// user's declaration, not the compiler, is at fault.
const dtrace_difv* oversized_var(const Difo& d) {
  for (const dtrace_difv& v : d.vars)
    if ((v.dtdv_type.dtdt_flags & DIF_TF_BYREF) && v.dtdv_type.dtdt_size > DTRACE_BYREF_MAX) return &v;
  return nullptr;
}

}  // namespace

bool verify_difos(CompileContext& ctx) {
  for (size_t i = 0; i < ctx.out.difos.size(); i++) {
    const Difo& d = ctx.out.difos[i];
    dif::Verdict v = dif::verify(d, /*destructive=*/true);
    if (!v.ok() && v.reason == DIF_DVR_VARTAB) {
      if (const dtrace_difv* big = oversized_var(d)) {
        ctx.diags.fatal(cat("variable ", d.strtab.c_str() + big->dtdv_name,
                            " is too large: ", big->dtdv_type.dtdt_size, " bytes, over the limit of ",
                            DTRACE_BYREF_MAX, " bytes for a variable's value"));
        return false;
      }
    }
    if (!v.ok()) {
      ctx.diags.fatal(cat("internal compiler error: DIFO ", i, " fails verification at ", v.pc, ": ",
                          dif::verdict_message(v.reason)));
      return false;
    }
  }
  return true;
}

}  // namespace dtrace::cc
