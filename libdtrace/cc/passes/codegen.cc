#include "cc/passes/codegen.h"

#include "dif/codegen.h"
#include "dif/verify.h"

namespace dtrace::cc {

bool generate_dif(CompileContext& ctx) { return dif::generate_program(ctx); }

bool assemble_difos(CompileContext& ctx) {
  ctx.out.difos.clear();
  for (const dif::IrDifo& ir : ctx.ir) ctx.out.difos.push_back(dif::assemble(ir));
  return true;
}

bool verify_difos(CompileContext& ctx) {
  for (size_t i = 0; i < ctx.out.difos.size(); i++) {
    dif::Verdict v = dif::verify(ctx.out.difos[i], /*destructive=*/true);
    if (!v.ok()) {
      ctx.diags.fatal(cat("internal compiler error: DIFO ", i, " fails verification at ", v.pc,
                          ": ", dif::verdict_message(v.reason)));
      return false;
    }
  }
  return true;
}

}  // namespace dtrace::cc
