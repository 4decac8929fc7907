// One D clause run two ways: its trace() DIFO in kernel/core (the
// module's interpreter, userspace build) on test:::fire, and translated
// to BPF in this kernel over a Frame; each firing's outcome (the value
// recorded, or the fault and the instruction that raised it) must agree.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "bpf/dynvars.h"
#include "bpf/globals.h"
#include "bpf/load.h"
#include "bpf/translate.h"
#include "harness.h"
#include "test/unit/cc/compile_util.h"

namespace dtrace::bpf::testing {

using Args = std::vector<uint64_t>;  // arg0 .. arg5

struct Outcome {
  bool faulted = false;
  uint64_t fault = 0;
  uint64_t pc = 0;
  uint64_t addr = 0;           // a faulting load's address
  std::vector<uint8_t> value;  // the rtype's size, little-endian
  bool operator==(const Outcome&) const = default;
};

inline std::string show(const Outcome& o) {
  if (o.faulted)
    return "fault " + std::to_string(o.fault) + " at pc " + std::to_string(o.pc) + " addr " +
           std::to_string(o.addr);
  uint64_t v = 0;
  std::memcpy(&v, o.value.data(), std::min<size_t>(8, o.value.size()));
  return std::to_string(o.value.size()) + " bytes " + std::to_string(v) + " (" +
         std::to_string(static_cast<int64_t>(v)) + ")";
}

// The DIFO of the first action of "decls BEGIN { stmts }" (each
// statement is an action of its own, as DTrace's).
inline cc::Difo compile_clause(const std::string& stmts, const std::string& decls = "") {
  cc::Program p = cc::testing::compile_ok(decls + " BEGIN { " + stmts + " }");
  if (p.actions.empty() || p.actions[0].difo < 0) {
    ADD_FAILURE() << "no DIFO for: " << stmts;
    return {};
  }
  return p.difos[static_cast<size_t>(p.actions[0].difo)];
}

inline DifoView view(const cc::Difo& d) { return DifoView{d.code, d.ints, d.vars, d.strtab, d.rtype}; }

// The module's semantics: one ECB, fired once per args, in one state (so
// globals carry over from one firing to the next), under opts.
inline std::vector<Outcome> core_runs(const cc::Difo& d, const std::vector<Args>& firings,
                                      const kcore::ProgramOptions& opts = {}) {
  kcore::Harness h;
  kcore::Difo k;
  k.code = d.code;
  k.ints = d.ints;
  k.strtab = d.strtab;
  k.vars = d.vars;
  k.rtype = d.rtype;
  pb b{};
  kcore::add_trace_clause(&b, k);
  int err = kcore::enable_program(h, b, opts);
  EXPECT_EQ(err, 0) << h.res().msg;
  std::vector<Outcome> out;
  if (err != 0) return out;
  EXPECT_EQ(h.go(), 0);
  for (const Args& a : firings) {
    uint64_t v[6] = {0, 0, 0, 0, 0, 0};
    for (size_t i = 0; i < a.size() && i < 6; i++) v[i] = a[i];
    h.fire(v[0], v[1], v[2], v[3], v[4], v[5]);
  }
  for (const kcore::Record& r : h.snap(0)) {
    Outcome o;
    if (r.epid == 1) {  // the record is padded to 8 bytes; the value is the rtype's size
      o.value.assign(r.data.begin(), r.data.begin() + std::min<size_t>(r.data.size(), d.rtype.dtdt_size));
    } else if (r.epid == 2) {  // the ERROR clause: epid, action, offset, fault, addr
      o.faulted = true;
      o.pc = r.u64(16) / sizeof(dif_instr_t);
      o.fault = r.u64(24);
      o.addr = r.u64(32);
    } else {
      continue;
    }
    out.push_back(o);
  }
  return out;
}

// The first instruction of prog that kernels before 6.6 refuse (BPF ISA
// v4: signed DIV and MOD, MOVSX, BSWAP, sign-extending loads, JMP32 JA),
// -1 if none: the guests' 6.1 runs what the host's kernel runs.
inline long first_isa_v4(const std::vector<bpf_insn>& prog) {
  for (size_t i = 0; i < prog.size(); i++) {
    const bpf_insn& in = prog[i];
    uint8_t cls = BPF_CLASS(in.code), op = BPF_OP(in.code);
    bool alu = cls == BPF_ALU || cls == BPF_ALU64;
    if (alu && (op == BPF_DIV || op == BPF_MOD || op == BPF_MOV) && in.off != 0) return static_cast<long>(i);
    if (cls == BPF_ALU64 && op == BPF_END) return static_cast<long>(i);
    if (cls == BPF_LDX && BPF_MODE(in.code) == 0x80) return static_cast<long>(i);  // BPF_MEMSX
    if (cls == BPF_JMP32 && op == BPF_JA) return static_cast<long>(i);
  }
  return -1;
}

// The same DIFO translated, loaded and test-run, one run per firing over
// one globals map, one map of dynamic variables and the string maps.
inline Result<std::vector<Outcome>> bpf_runs(const cc::Difo& d, const std::vector<Args>& firings) {
  DifoView v = view(d);
  Result<Globals> g = layout_globals(std::span<const DifoView>(&v, 1), 256);
  if (!g.ok()) return g.error();
  Result<Fd> map = create_globals_map(g->size());
  if (!map.ok()) return map.error();
  g->map_fd = map->get();
  Env env;
  Dynvars dyn;
  Result<DynvarMaps> dynmaps =
      create_dynvar_maps(4096, 256, dyn, dynvar_ref_size(std::span<const DifoView>(&v, 1), 256));
  if (!dynmaps.ok()) return dynmaps.error();
  env.dyn = &dyn;
  Strings strings = layout_strings(std::span<const DifoView>(&v, 1));
  Result<StringMaps> strmaps = create_string_maps(strings);
  if (!strmaps.ok()) return strmaps.error();
  env.strings = &strings;
  Result<std::vector<bpf_insn>> prog = translate(v, *g, env);
  if (!prog.ok()) return prog.error();
  if (long i = first_isa_v4(*prog); i >= 0)
    return make_error("instruction " + std::to_string(i) + " is BPF ISA v4, which kernels before 6.6 refuse");
  Result<Fd> fd = load_program(*prog, BPF_PROG_TYPE_SYSCALL);
  if (!fd.ok()) return fd.error();
  std::vector<Outcome> out;
  for (const Args& a : firings) {
    Frame f{};
    for (size_t i = 0; i < a.size() && i < kFrameArgs; i++) f.args[i] = a[i];
    Result<uint32_t> rc = test_run(*fd, f);
    if (!rc.ok()) return rc.error();
    Outcome o;
    if (*rc != 0) {
      o.faulted = true;
      o.fault = f.fault;
      o.pc = f.fault_pc;
      o.addr = f.fault_addr;
    } else {
      o.value.resize(d.rtype.dtdt_size);
      std::memcpy(o.value.data(), &f.ret, std::min<size_t>(8, o.value.size()));
    }
    out.push_back(o);
  }
  return out;
}

// Skips the calling test when bpf() is not permitted on this machine.
#define SKIP_WITHOUT_BPF()                                          \
  do {                                                              \
    std::string why = ::dtrace::bpf::bpf_unavailable();             \
    if (!why.empty()) GTEST_SKIP() << why << "; bpf tests skipped"; \
  } while (0)

// Runs stmts both ways over firings and expects the same outcomes.
inline void expect_same(const std::string& stmts, const std::vector<Args>& firings,
                        const std::string& decls = "") {
  SCOPED_TRACE(stmts);
  // One DIFO is compared: a statement before the trace() would be an
  // action of its own, not run (the comma operator keeps them in one).
  EXPECT_EQ(stmts.find(';'), stmts.rfind(';')) << "one statement, trace(), a clause";
  cc::Difo d = compile_clause(stmts, decls);
  std::vector<Outcome> core = core_runs(d, firings);
  ASSERT_EQ(core.size(), firings.size())
      << "kernel/core recorded " << core.size() << " of " << firings.size();
  Result<std::vector<Outcome>> bpf = bpf_runs(d, firings);
  ASSERT_TRUE(bpf.ok()) << bpf.error().message;
  for (size_t i = 0; i < firings.size(); i++) {
    std::string args;
    for (uint64_t a : firings[i]) args += " " + std::to_string(static_cast<int64_t>(a));
    EXPECT_EQ(core[i], (*bpf)[i]) << "args" << args << ": kernel/core " << show(core[i]) << ", bpf "
                                  << show((*bpf)[i]);
  }
}

}  // namespace dtrace::bpf::testing
