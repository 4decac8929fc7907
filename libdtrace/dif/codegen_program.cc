// Program layout: for every clause (in source order) the predicate DIFO,
// then each action head followed by its continuation actions, each value
// in its own DIFO; then one container clause per probe description, all
// sharing the predicate and the action range.
//
// A statement that is not an action (`x = arg0;`, `self->ts = 0;`, if/else
// over such statements) is an action of its own, as DTrace compiles it:
// a DIFEXPR returning void, which records nothing (a 0-byte record). So
// ERROR's action numbers and DIF offsets are DTrace's, a fault stops the
// clause where DTrace's stops, and statements after a speculate() that
// gets no buffer do not run.
#include <algorithm>

#include "dif/codegen.h"
#include "dtrace/ustack.h"

namespace dtrace::dif {
namespace {

// One DIFO to generate: a statement, or a value (the predicate's, an
// action's).
struct Job {
  const cc::ast::Stmt* stmt = nullptr;  // a statement: run, returns nothing
  const cc::ast::Expr* expr = nullptr;  // null: `value` as a constant
  uint64_t value = 0;
  uint32_t number = 0;           // its action's number (0: predicate)
  const cc::Type* as = nullptr;  // result type (null: the expression's)
};

// Records of stack and symbol values: bytes the consumer decodes by kind.
cc::ValueType stack_value_type(uint16_t kind, uint64_t arg) {
  // The address actions: a kernel address is 8 bytes, a user one 16 (pid, address).
  static constexpr struct {
    uint16_t kind;
    uint32_t size;
    const char* ctype;
  } kAddrs[] = {{DTRACEACT_SYM, 8, "sym"},
                {DTRACEACT_MOD, 8, "mod"},
                {DTRACEACT_USYM, 16, "usym"},
                {DTRACEACT_UMOD, 16, "umod"}};
  cc::ValueType v;
  v.kind = cc::ValueType::Kind::Bytes;
  v.arg = arg;
  uint64_t frames = arg & 0xffffffff;
  if (kind == DTRACEACT_STACK) {
    v.size = static_cast<uint32_t>(frames * 8);
    v.ctype = "stack";
  } else if (kind == DTRACEACT_USTACK || kind == DTRACEACT_JSTACK) {
    v.size = static_cast<uint32_t>(DTRACE_USTACK_RECSIZE(arg));
    v.ctype = kind == DTRACEACT_USTACK ? "ustack" : "jstack";
  } else {
    v.size = 16;
    v.ctype = "uaddr";
    for (const auto& a : kAddrs)
      if (a.kind == kind) {
        v.size = a.size;
        v.ctype = a.ctype;
      }
  }
  return v;
}

bool is_stack_kind(uint16_t k) { return (k & 0xf00) == 0x200; }

class ProgramGen {
 public:
  explicit ProgramGen(cc::CompileContext& c) : ctx_(c) {}

  void run() {
    cc::Program& out = ctx_.out;
    std::vector<bool> records = recording_statements();
    for (size_t s = 0; s < ctx_.plans.size(); s++) {
      cc::ClausePlan& p = ctx_.plans[s];
      uint32_t first = static_cast<uint32_t>(out.actions.size());
      int32_t pred = clause(p);
      uint32_t n = static_cast<uint32_t>(out.actions.size()) - first;
      for (const cc::ProbeSpec& spec : p.specs) {
        cc::Clause c;
        c.probe = spec;
        c.pred = pred;
        c.first_action = first;
        c.naction = n;
        c.statement = p.statement;
        c.part = p.part;
        c.records_nothing = p.statement < records.size() && !records[p.statement] && has_body(p);
        out.clauses.push_back(std::move(c));
      }
      out.nstatements = std::max(out.nstatements, p.statement + 1);
    }
    for (const cc::AggInfo& a : ctx_.idents.aggs()) {
      cc::AggVar v;
      v.name = a.name;
      v.func = a.func;
      for (size_t i = 0; i < a.keys.size(); i++) {
        uint16_t kk = i < a.key_kinds.size() ? a.key_kinds[i] : 0;
        v.keys.push_back(kk ? stack_value_type(kk, a.key_args[i])
                            : value_type_of(a.keys[i], ctx_.options.strsize));
      }
      out.aggs.push_back(std::move(v));
    }
  }

 private:
  // Per statement: whether any of its parts has an action that records
  // data (as DTrace sizes an ECB: commit(), discard() and aggregations
  // record nothing in the principal buffer; speculate() alone keeps it).
  std::vector<bool> recording_statements() const {
    std::vector<bool> out;
    for (const cc::ClausePlan& p : ctx_.plans) {
      if (p.statement >= out.size()) out.resize(p.statement + 1, false);
      for (const cc::ActionPlan& a : p.actions)
        if (a.stmt == nullptr && a.kind != DTRACEACT_COMMIT && a.kind != DTRACEACT_DISCARD &&
            !DTRACEACT_ISAGG(a.kind))  // a.stmt: a statement's DIFEXPR records nothing
          out[p.statement] = true;
    }
    return out;
  }
  // A body with statements: `BEGIN {}` and a bare description trace
  // the probe (DTrace's default action).
  static bool has_body(const cc::ClausePlan& p) {
    return p.clause && p.clause->body && !p.clause->body->stmts.empty();
  }

  // Lays out one clause's actions; returns its predicate DIFO (or -1).
  int32_t clause(const cc::ClausePlan& p) {
    uint32_t strsize = ctx_.options.strsize;
    std::vector<Job> jobs;        // jobs[0] is the predicate slot
    std::vector<int32_t> job_of;  // per new action: index in jobs, or -1
    jobs.emplace_back();
    jobs[0].expr = p.clause->pred;
    size_t first_action = ctx_.out.actions.size();
    uint32_t number = 0;  // DTrace's count of actions so far

    auto add_entry = [&](cc::Action act, const cc::ast::Expr* e, bool has_value, uint64_t constant,
                         const cc::Type* as, uint32_t no) {
      int32_t j = -1;
      if (has_value) {
        Job job;
        job.expr = e;
        job.value = constant;
        job.number = no;
        job.as = as;
        jobs.push_back(job);
        j = static_cast<int32_t>(jobs.size() - 1);
      }
      ctx_.out.actions.push_back(std::move(act));
      job_of.push_back(j);
    };

    for (const cc::ActionPlan& a : p.actions) {
      if (a.stmt != nullptr) {
        cc::Action effect;
        effect.kind = DTRACEACT_DIFEXPR;
        effect.type = value_type_of(nullptr, strsize);
        add_entry(std::move(effect), nullptr, true, 0, ctx_.types.void_type(), ++number);
        jobs.back().stmt = a.stmt;
        continue;
      }
      cc::Action head;
      head.kind = a.kind;
      head.ntuple = static_cast<uint32_t>(a.tuple.size());
      head.arg = a.arg;
      head.format = a.format;
      head.has_format = a.has_format;
      head.aggvar = a.aggvar;
      const cc::Type* as = nullptr;
      // EXIT records an int32; TRACEMEM's DIFO must return an 8-byte address.
      bool forced = a.kind == DTRACEACT_EXIT || a.kind == DTRACEACT_TRACEMEM;
      if (a.kind == DTRACEACT_EXIT) as = ctx_.types.int_type();
      else if (a.kind == DTRACEACT_TRACEMEM) as = ctx_.types.lookup("uintptr_t");
      else if (a.expr) as = a.expr->type;
      else if (a.kind == DTRACEACT_AGG_COUNT) as = ctx_.types.int64();
      head.type = is_stack_kind(a.kind) ? stack_value_type(a.kind, a.arg) : value_type_of(as, strsize);
      if (a.kind == DTRACEACT_PRINT) head.type.print_type = ctx_.types.complete_deep(as);
      // A printf-like action and its first argument count as one.
      bool head_with_args = !a.tuple.empty() && (a.kind == DTRACEACT_PRINTF || a.kind == DTRACEACT_PRINTA ||
                                                 a.kind == DTRACEACT_SYSTEM || a.kind == DTRACEACT_FREOPEN);
      uint32_t head_no = ++number;
      add_entry(std::move(head), a.expr, a.expr != nullptr, 0, forced ? as : nullptr, head_no);
      for (const cc::PlanArg& t : a.tuple) {
        uint32_t no = head_with_args && &t == &a.tuple.front() ? head_no : ++number;
        cc::Action c;
        c.kind = t.kind;
        c.aggvar = a.aggvar;
        // printa()/clear()/trunc()/...: the ARG naming an aggregation carries
        // its index here too (its DIFO returns the same constant).
        bool names_agg = (a.kind == DTRACEACT_PRINTA || a.kind == DTRACEACT_LIBACT) && t.expr == nullptr;
        if (names_agg) c.aggvar = static_cast<uint32_t>(t.value);
        c.arg = t.arg;
        const cc::Type* as = t.expr ? nullptr : ctx_.types.uint64();
        c.type = is_stack_kind(t.kind) ? stack_value_type(t.kind, t.arg)
                                       : value_type_of(as ? as : t.expr->type, strsize);
        add_entry(std::move(c), t.expr, t.has_difo, t.value, as, no);
      }
    }
    int32_t pred = p.clause->pred != nullptr ? generate(jobs[0]) : -1;
    for (size_t i = 0; i < job_of.size(); i++) {
      if (job_of[i] >= 0)
        ctx_.out.actions[first_action + i].difo = generate(jobs[static_cast<size_t>(job_of[i])]);
    }
    return pred;
  }

  int32_t generate(const Job& job) {
    IrDifo ir;
    ExprGen g(ctx_, ir);
    ir.mark_action(job.number);
    if (job.stmt != nullptr) g.stmt(job.stmt);
    g.ret(job.expr ? g.expr(job.expr) : g.constant(job.value));
    ir.rtype = diftype_of(job.as ? job.as : job.expr->type, ctx_.options.strsize);
    // A structure or array in the target's memory (through a userland
    // pointer, a user-scoped type, a dump's mod`name) is copied in, as
    // DTrace's DIF_TF_BYUREF says; the DIFO returns its user address.
    if (job.expr && !job.as && ir.rtype.dtdt_kind == DIF_TYPE_CTF && (ir.rtype.dtdt_flags & DIF_TF_BYREF) &&
        cc::ast::in_user_memory(job.expr))
      ir.rtype.dtdt_flags |= DIF_TF_BYUREF;
    ctx_.ir.push_back(std::move(ir));
    return static_cast<int32_t>(ctx_.ir.size() - 1);
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
