// Program layout: for every clause (in source order) the predicate DIFO,
// then each action head followed by its continuation actions, each value
// in its own DIFO; then one container clause per probe description, all
// sharing the predicate and the action range.
#include "dif/codegen.h"

namespace dtrace::dif {
namespace {

class ProgramGen {
 public:
  explicit ProgramGen(cc::CompileContext& c) : ctx_(c) {}

  int32_t value_difo(const cc::ast::Expr* e, const cc::Type* as = nullptr) {
    IrDifo ir;
    ExprGen g(ctx_, ir);
    uint8_t r = g.expr(e);
    ir.rtype = diftype_of(as ? as : e->type, ctx_.options.strsize);
    g.ret(r);
    return add(std::move(ir));
  }

  int32_t stmt_difo(const cc::ast::Stmt* s) {
    IrDifo ir;
    ExprGen g(ctx_, ir);
    g.stmt(s);
    g.ret(0);
    ir.rtype = diftype_of(nullptr, ctx_.options.strsize);
    return add(std::move(ir));
  }

  int32_t const_difo(uint64_t v) {
    IrDifo ir;
    ExprGen g(ctx_, ir);
    uint8_t r = g.constant(v);
    g.ret(r);
    ir.rtype = diftype_of(ctx_.types.uint64(), ctx_.options.strsize);
    return add(std::move(ir));
  }

  void run() {
    cc::Program& out = ctx_.out;
    for (size_t s = 0; s < ctx_.plans.size(); s++) {
      cc::ClausePlan& p = ctx_.plans[s];
      int32_t pred = p.clause->pred ? value_difo(p.clause->pred) : -1;
      uint32_t first = static_cast<uint32_t>(out.actions.size());
      for (const cc::ActionPlan& a : p.actions) action(a);
      uint32_t n = static_cast<uint32_t>(out.actions.size()) - first;
      for (const cc::ProbeSpec& spec : p.specs) {
        cc::Clause c;
        c.probe = spec;
        c.pred = pred;
        c.first_action = first;
        c.naction = n;
        c.statement = static_cast<uint32_t>(s);
        out.clauses.push_back(std::move(c));
      }
    }
    out.nstatements = static_cast<uint32_t>(ctx_.plans.size());
    for (const cc::AggInfo& a : ctx_.idents.aggs()) {
      cc::AggVar v;
      v.name = a.name;
      v.func = a.func;
      for (const cc::Type* k : a.keys) v.keys.push_back(value_type_of(k, ctx_.options.strsize));
      out.aggs.push_back(std::move(v));
    }
  }

 private:
  int32_t add(IrDifo ir) {
    ctx_.ir.push_back(std::move(ir));
    return static_cast<int32_t>(ctx_.ir.size() - 1);
  }

  void action(const cc::ActionPlan& a) {
    cc::Action head;
    head.kind = a.kind;
    head.ntuple = static_cast<uint32_t>(a.tuple.size());
    head.arg = a.arg;
    head.format = a.format;
    head.has_format = a.has_format;
    head.aggvar = a.aggvar;
    uint32_t strsize = ctx_.options.strsize;
    if (a.stmt != nullptr) {
      head.difo = stmt_difo(a.stmt);
      head.type = value_type_of(nullptr, strsize);
    } else if (a.kind == DTRACEACT_EXIT) {
      head.difo = value_difo(a.expr, ctx_.types.int_type());
      head.type = value_type_of(ctx_.types.int_type(), strsize);
    } else if (a.expr != nullptr) {
      head.difo = value_difo(a.expr);
      head.type = value_type_of(a.expr->type, strsize);
    } else if (a.kind == DTRACEACT_AGG_COUNT) {
      head.type = value_type_of(ctx_.types.int64(), strsize);
    } else {
      head.type = value_type_of(nullptr, strsize);
    }
    ctx_.out.actions.push_back(std::move(head));
    for (const cc::PlanArg& t : a.tuple) {
      cc::Action c;
      c.kind = t.kind;
      if (t.expr != nullptr) {
        c.difo = value_difo(t.expr);
        c.type = value_type_of(t.expr->type, strsize);
      } else {
        c.difo = const_difo(t.value);
        c.type = value_type_of(ctx_.types.uint64(), strsize);
      }
      c.aggvar = a.aggvar;
      ctx_.out.actions.push_back(std::move(c));
    }
  }

  cc::CompileContext& ctx_;
};

}  // namespace

bool generate_program(cc::CompileContext& ctx) {
  ProgramGen g(ctx);
  g.run();
  return !ctx.diags.has_error();
}

}  // namespace dtrace::dif
