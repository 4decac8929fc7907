// CompileContext: everything one compile works on, passed explicitly to
// every pass (no globals). Persistent tables (types, identifiers) belong
// to the Compiler and are borrowed; the AST arena and the output Program
// belong to this compile.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "cc/ast.h"
#include "cc/compiler.h"
#include "cc/diag.h"
#include "cc/idents.h"
#include "cc/plan.h"
#include "cc/program.h"
#include "cc/types.h"
#include "dif/ir.h"
#include "util/arena.h"

namespace dtrace::cc {

struct CompileContext {
  CompileContext(std::string_view src, const CompileOptions& opts, TypeTable& t, IdentTable& i)
      : source(src), options(opts), types(t), idents(i) {}

  std::string_view source;
  // A copy: `#pragma D option` changes it for the rest of this compile.
  CompileOptions options;
  TypeTable& types;
  IdentTable& idents;
  Diagnostics diags;
  bool library = false;  // a D library file: declarations only, checked lazily
  // The source is a -n/-P/-m/-f/-i argument, not a script file.
  bool probe_spec = false;
  Arena<ast::Node> nodes;
  ast::Program ast;
  std::vector<ClausePlan> plans;  // one per clause, from the probes pass on
  std::vector<dif::IrDifo> ir;    // codegen output, indexed like out.difos
  Program out;

  template <typename T, typename... Args>
  T* make(Args&&... args) {
    return nodes.make<T>(std::forward<Args>(args)...);
  }
  ast::Body* make_body() {
    bodies.push_back(std::make_unique<ast::Body>());
    return bodies.back().get();
  }
  std::vector<std::unique_ptr<ast::Body>> bodies;
  void error(Loc loc, ErrTag tag, std::string message) { diags.error(loc, tag, std::move(message)); }
};

}  // namespace dtrace::cc
