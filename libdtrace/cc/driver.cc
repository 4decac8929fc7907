// The compiler driver: one CompileContext per compile, the passes in
// order, stop at the first pass that reports an error. Persistent state
// (types, identifiers) lives in Compiler::State so every program of one
// dtrace run shares variables and aggregations.
#include <memory>

#include "cc/compiler.h"
#include "cc/context.h"
#include "cc/parse.h"
#include "cc/passes/actions.h"
#include "cc/passes/codegen.h"
#include "cc/passes/decl.h"
#include "cc/passes/fold.h"
#include "cc/passes/pragma.h"
#include "cc/passes/probes.h"
#include "cc/passes/resolve.h"
#include "cc/passes/typecheck.h"
#include "ctf/kernel_types.h"

namespace dtrace::cc {

struct Pass {
  const char* name;
  bool (*run)(CompileContext&);
};

constexpr Pass kPasses[] = {
    {"parse", parse},
    {"pragma", apply_pragmas},
    {"decl", declare_vars},
    {"probes", match_probes},
    {"resolve", resolve_idents},
    {"typecheck", typecheck},
    {"fold", fold_constants},
    {"actions", check_actions},
    {"codegen", generate_dif},
    {"assemble", assemble_difos},
    {"verify", verify_difos},
};

struct Compiler::State {
  explicit State(CompileOptions o) : options(std::move(o)) {
    if (!options.btf_path.empty()) types.set_external(std::make_unique<ctf::KernelTypes>(options.btf_path));
  }
  CompileOptions options;
  TypeTable types;
  IdentTable idents;
  // ASTs stay alive: identifiers may point into earlier programs' nodes.
  std::vector<std::unique_ptr<CompileContext>> done;
};

Compiler::Compiler(CompileOptions options) : state_(std::make_unique<State>(std::move(options))) {}
Compiler::~Compiler() = default;

const CompileOptions& Compiler::options() const { return state_->options; }

Result<Program> Compiler::compile(std::string_view text) {
  std::string expanded;
  std::string_view source = text;
  if (state_->options.cpp.enabled) {
    auto r = preprocess(text, state_->options.cpp);
    if (!r) return r.error();
    expanded = std::move(*r);
    source = expanded;
  }
  auto ctx = std::make_unique<CompileContext>(source, state_->options, state_->types, state_->idents);
  for (const Pass& p : kPasses) {
    bool ok = p.run(*ctx);
    if (!ok || ctx->diags.has_error()) {
      if (!ctx->diags.has_error()) ctx->diags.error(0, ErrTag::D_UNKNOWN, cat("pass ", p.name, " failed"));
      Error e = ctx->diags.first();
      ctx->source = {};
      state_->done.push_back(std::move(ctx));
      return e;
    }
  }
  Program out = std::move(ctx->out);
  ctx->source = {};
  state_->done.push_back(std::move(ctx));
  return out;
}

}  // namespace dtrace::cc
