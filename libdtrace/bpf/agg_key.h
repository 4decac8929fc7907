// Aggregations a probe's program folds without the scratch element
// (doc/bpf.md): every DIFO the aggregation runs (key records, value,
// weight) is one load of what the program has at hand, then ret, as
// `@[execname] = count()`, `@[arg0] = sum(arg1)` or `@[probefunc] =
// count()` are: an argument from the context, pid, tid, uid, gid, cpu,
// execname, the probe's names, a constant. The program computes each
// straight into the key on its stack, without the frame's prologue, the
// clause's subprogram or the DIFOs' registers; nothing of it can fault.
#pragma once

#include "bpf/agg_prog.h"
#include "bpf/probe_prog.h"

namespace dtrace::bpf {

class DirectAggs {
 public:
  // The aggregations of a probe of args (shape) whose ECB is e.
  DirectAggs(const dtbpf_ecb& e, ArgSource args, const ArgShape& shape) : e_(e), args_(args), shape_(shape) {}

  // Whether a folds this way (count() alone always does).
  bool takes(const AggCode& a) const;
  // Its key's place on the stack: below fp - 8, which lookups take for
  // their index.
  static KeyAt key_at(const AggCode& a);
  // The calls that compute its DIFOs, R7 the context.
  DifoCalls calls(Builder& b) const;

 private:
  struct Operand;
  Operand operand(const dtbpf_difo& d) const;

  const dtbpf_ecb& e_;
  ArgSource args_;
  const ArgShape& shape_;
};

}  // namespace dtrace::bpf
