// The compiler driver: one CompileContext per compile, the passes in
// order, stop at the first pass that reports an error. Persistent state
// (types, identifiers) lives in Compiler::State so every program of one
// dtrace run shares variables and aggregations.
#include <memory>
#include <utility>

#include "cc/compiler.h"
#include "cc/context.h"
#include "cc/library.h"
#include "cc/parse.h"
#include "cc/prelude.h"
#include "cc/passes/actions.h"
#include "cc/passes/codegen.h"
#include "cc/passes/decl.h"
#include "cc/passes/fold.h"
#include "cc/passes/pragma.h"
#include "cc/passes/probes.h"
#include "cc/passes/resolve.h"
#include "cc/passes/typecheck.h"
#include "cc/tree_print.h"
#include "ctf/dwarf_types.h"
#include "ctf/kernel_types.h"

namespace dtrace::cc {

struct Pass {
  const char* name;
  bool (*run)(CompileContext&);
};

constexpr Pass kPasses[] = {
    {"parse", parse},          {"decl", declare_vars},
    {"probes", match_probes},  {"resolve", resolve_idents},
    {"typecheck", typecheck},  {"pragmas", check_pragmas_used},
    {"fold", fold_constants},  {"actions", check_actions},
    {"codegen", generate_dif}, {"assemble", assemble_difos},
    {"verify", verify_difos},
};

// A D library file declares; it has no clauses to compile.
constexpr Pass kLibraryPasses[] = {
    {"parse", parse},
    {"decl", declare_vars},
};

// -x tree=N: the points (a mask) after which the tree goes to stderr.
void dump_tree(const CompileContext& ctx, std::string_view pass) {
  static constexpr std::pair<std::string_view, uint32_t> kPoints[] = {
      {"parse", 1}, {"typecheck", 2}, {"fold", 4}};
  for (const auto& [name, bit] : kPoints)
    if (name == pass && (ctx.options.tree & bit)) print_tree(ctx.ast, cat("after ", name).c_str(), stderr);
}

struct Compiler::State {
  explicit State(CompileOptions o) : options(std::move(o)) {
    if (!options.btf_path.empty())
      types.set_external(std::make_unique<ctf::KernelTypes>(options.btf_path, options.btf_files));
  }
  // The targets' types join the table only once the D library is
  // compiled: the library is never compiled where a target's name exists.
  void add_user_types() {
    std::vector<ctf::UserObject> objs;
    for (const auto& [module, path] : options.user_objects) objs.push_back({module, path});
    if (!objs.empty()) types.set_user(std::make_unique<ctf::UserTypes>(std::move(objs)));
  }
  CompileOptions options;
  TypeTable types;
  IdentTable idents;
  // ASTs stay alive: identifiers may point into earlier programs' nodes.
  std::vector<std::unique_ptr<CompileContext>> done;
  bool library_loaded = false;

  Status load_library();
  Status load_library_file(const LibraryFile& f);
};

Status Compiler::State::load_library() {
  library_loaded = true;
  Status st = load_library_file({"<built-in>", "<built-in>", prelude_text()});
  if (!st) return st;
  if (options.libdirs.empty()) return Ok{};
  std::function<bool(const std::string&)> provider_present;
  if (options.count_matches)
    provider_present = [this](const std::string& p) {
      ProbeSpec s;
      s.provider = p;
      auto n = options.count_matches(s);
      return n && *n > 0;
    };
  auto files = library_files(options.libdirs, provider_present);
  if (!files) return files.error();
  for (const LibraryFile& f : *files) {
    Status st = load_library_file(f);
    if (!st) return st;
  }
  return Ok{};
}

Status Compiler::State::load_library_file(const LibraryFile& f) {
  auto ctx = std::make_unique<CompileContext>(f.text, options, types, idents);
  ctx->library = true;
  for (const Pass& p : kLibraryPasses) {
    if (!p.run(*ctx) || ctx->diags.has_error()) break;
  }
  for (const ast::Node* n : ctx->ast.items)
    if (n->kind() == ast::Kind::Clause && !ctx->diags.has_error())
      ctx->error(n->loc, ErrTag::D_SYNTAX, "a D library may not contain probe clauses");
  ctx->source = {};
  bool failed = ctx->diags.has_error();
  Error e = failed ? ctx->diags.first() : Error{};
  done.push_back(std::move(ctx));
  if (!failed) return Ok{};
  return make_error(cat("D library ", f.path, ", line ", e.line, ": ", e.message), e.tag);
}

Compiler::Compiler(CompileOptions options) : state_(std::make_unique<State>(std::move(options))) {}
Compiler::~Compiler() = default;

const CompileOptions& Compiler::options() const { return state_->options; }
const TypeTable& Compiler::types() const { return state_->types; }

Status Compiler::load_libraries() {
  if (state_->library_loaded) return Ok{};
  Status st = state_->load_library();
  state_->add_user_types();
  return st;
}

Result<Program> Compiler::compile(std::string_view text, bool probe_spec) {
  if (Status st = load_libraries(); !st) return st.error();
  std::string expanded;
  std::string_view source = text;
  if (state_->options.cpp.enabled) {
    auto r = preprocess(text, state_->options.cpp);
    if (!r) return r.error();
    expanded = std::move(*r);
    source = expanded;
  }
  auto ctx = std::make_unique<CompileContext>(source, state_->options, state_->types, state_->idents);
  ctx->options.pspec |= probe_spec;
  ctx->probe_spec = probe_spec;
  for (const Pass& p : kPasses) {
    bool ok = p.run(*ctx);
    if (ok && !ctx->diags.has_error()) dump_tree(*ctx, p.name);
    if (!ok || ctx->diags.has_error()) {
      if (!ctx->diags.has_error())
        ctx->diags.error(Loc{}, ErrTag::D_UNKNOWN, cat("pass ", p.name, " failed"));
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

Result<Program> Compiler::compile_internal(std::string_view text) {
  bool argref = std::exchange(state_->options.argref, true);
  auto r = compile(text);
  state_->options.argref = argref;
  return r;
}

}  // namespace dtrace::cc
