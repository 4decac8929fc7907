// Test harness for kernel/core in userspace (libdtkcore.a): a core with
// the dtrace provider and a "test" provider whose probe the tests fire,
// one tracing state, program building on top of progbuild.h, and buffer
// decoding through EPDESC. Header-only; each *_test.cc includes it.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

extern "C" {
#include "core/state.h"
#include "prov/dtrace.h"
#include "user/port_user.h"
#include "progbuild.h"
}

namespace kcore {

// kcore_tests_san (ASan + UBSan) runs the growth and fuzz tests at a tenth
// of their size: shadow memory and quarantine make 10^6 clauses take many
// minutes there, and a tenth still crosses every path they cover.
#ifdef KCORE_SANITIZED
constexpr uint32_t kScaleDiv = 10;
#else
constexpr uint32_t kScaleDiv = 1;
#endif

// One DIF object as the tests write it.
struct Difo {
  std::vector<dif_instr_t> code;
  std::vector<uint64_t> ints;
  std::string strtab;  // NUL-separated, NUL-terminated
  std::vector<dtrace_difv> vars;
  dtrace_diftype rtype = PB_INT(8);
};

inline uint32_t add_difo(pb* b, const Difo& d) {
  return pb_difo(b, d.code.data(), static_cast<uint32_t>(d.code.size()), d.ints.data(),
                 static_cast<uint32_t>(d.ints.size()), d.strtab.data(),
                 static_cast<uint32_t>(d.strtab.size()), d.vars.data(), static_cast<uint32_t>(d.vars.size()),
                 d.rtype);
}

inline dtrace_difv var(uint16_t id, uint8_t scope, uint8_t kind, dtrace_diftype type, uint32_t flags,
                       uint32_t name = 0) {
  return pb_var(id, scope, kind, type, flags, name);
}

// Instruction shorthands.
inline dif_instr_t op3(uint8_t op, uint8_t r1, uint8_t r2, uint8_t rd) {
  return DIF_INSTR_FMT(op, r1, r2, rd);
}
inline dif_instr_t setx(uint16_t i, uint8_t rd) { return DIF_INSTR_IDX(DIF_OP_SETX, i, rd); }
inline dif_instr_t sets(uint16_t off, uint8_t rd) { return DIF_INSTR_IDX(DIF_OP_SETS, off, rd); }
inline dif_instr_t ldgs(uint16_t v, uint8_t rd) { return DIF_INSTR_IDX(DIF_OP_LDGS, v, rd); }
inline dif_instr_t stgs(uint16_t v, uint8_t rs) { return DIF_INSTR_IDX(DIF_OP_STGS, v, rs); }
inline dif_instr_t call(uint16_t s, uint8_t rd) { return DIF_INSTR_IDX(DIF_OP_CALL, s, rd); }
inline dif_instr_t pushtv(uint8_t rs) { return DIF_INSTR_FMT(DIF_OP_PUSHTV, DIF_TYPE_CTF, 0, rs); }
inline dif_instr_t pushtr_str(uint8_t rs) { return DIF_INSTR_FMT(DIF_OP_PUSHTR, DIF_TYPE_STRING, 0, rs); }
inline dif_instr_t ret(uint8_t rd) { return DIF_INSTR_RET(rd); }
inline dif_instr_t br(uint8_t op, uint32_t label) { return DIF_INSTR_BRANCH(op, label); }

// A DIFO returning built-in variable id (ldgs; a string when rtype says so).
inline Difo builtin(uint16_t id, dtrace_diftype rtype = PB_INT(8)) {
  Difo d;
  d.code = {ldgs(id, 1), ret(1)};
  d.rtype = rtype;
  return d;
}

// A record of the principal buffer, decoded through EPDESC.
struct Record {
  uint32_t epid = 0;
  uint64_t timestamp = 0;
  std::vector<uint8_t> data;
  uint64_t u64(size_t off) const {
    uint64_t v;
    std::memcpy(&v, &data.at(off), 8);
    return v;
  }
  int32_t i32(size_t off) const {
    int32_t v;
    std::memcpy(&v, &data.at(off), 4);
    return v;
  }
  std::string str(size_t off) const { return std::string(reinterpret_cast<const char*>(&data.at(off))); }
};

class Harness {
 public:
  explicit Harness(uint32_t ncpus = 2) {
    dtrace_user_set_ncpus(ncpus);
    dtrace_user_set_cpu(0);
    dtrace_user_set_time(0);
    core_ = dtrace_core_create();
    EXPECT_EQ(dtrace_prov_dtrace_init(core_), 0);
    static const dtrace_provider_ops ops{};
    EXPECT_EQ(dtrace_provider_register(core_, "test", &ops, nullptr, &prov_), 0);
    probe_ = dtrace_probe_create(core_, prov_, "mod", "func", "fire", nullptr);
    EXPECT_GT(probe_, 0);
    st_ = dtrace_state_create(core_);
  }
  ~Harness() {
    if (st_ != nullptr) dtrace_state_destroy(st_);
    EXPECT_EQ(dtrace_provider_unregister(core_, prov_), 0);
    dtrace_prov_dtrace_fini(core_);
    dtrace_core_destroy(core_);
  }
  Harness(const Harness&) = delete;
  Harness& operator=(const Harness&) = delete;

  dtrace_core* core() { return core_; }
  // Forgets the state (destroying it first when destroy is true).
  void release_state(bool destroy = false) {
    if (destroy && st_ != nullptr) dtrace_state_destroy(st_);
    st_ = nullptr;
  }
  dtrace_state* state() { return st_; }
  uint32_t test_probe() const { return static_cast<uint32_t>(probe_); }
  // Makes probes test:mod:<prefix>I:fire for I in [first, last).
  void add_fire_probes(const char* prefix, uint32_t first, uint32_t last) {
    dtrace_provider* prov = dtrace_provider_lookup(core_, "test");
    for (uint32_t i = first; i < last; i++)
      EXPECT_GT(
          dtrace_probe_create(core_, prov, "mod", (prefix + std::to_string(i)).c_str(), "fire", nullptr), 0);
  }

  // Enables the program; res_ holds the ENABLE out fields.
  int enable(const pb& b) {
    size_t size;
    void* blob = pb_blob(&b, &size);
    void* copy = dtrace_port_zalloc(size);
    std::memcpy(copy, blob, size);
    free(blob);
    return dtrace_state_enable(st_, copy, size, &res_);
  }
  // Enables one empty clause on the probes prov:mod:func:name names.
  int enable_probe(const char* prov, const char* mod, const char* func, const char* name);
  // Enables a raw blob (copied).
  int enable_raw(const void* blob, size_t size) {
    void* copy = dtrace_port_zalloc(size ? size : 1);
    std::memcpy(copy, blob, size);
    return dtrace_state_enable(st_, copy, size, &res_);
  }
  const dtrace_enable_res& res() const { return res_; }
  // Enables b, frees the builder and starts tracing: ENABLE's error, else GO's.
  int start(pb& b) {
    int err = enable(b);
    pb_free(&b);
    return err != 0 ? err : go();
  }
  // The same with a memory budget for GO (go(budget)); ENABLE must succeed.
  int start(pb& b, uint64_t budget) {
    int err = enable(b);
    pb_free(&b);
    EXPECT_EQ(err, 0) << res_.msg;
    return err != 0 ? err : go(budget);
  }

  int go() {
    uint32_t cpu;
    return dtrace_state_go(st_, &cpu);
  }
  // GO with a memory budget of budget bytes (restored after).
  int go(uint64_t budget) {
    dtrace_user_set_mem_budget(budget);
    int err = go();
    dtrace_user_set_mem_budget(UINT64_MAX);
    return err;
  }
  int stop() {
    uint32_t cpu;
    return dtrace_state_stop(st_, &cpu);
  }
  void fire(uint64_t a0 = 0, uint64_t a1 = 0, uint64_t a2 = 0, uint64_t a3 = 0, uint64_t a4 = 0,
            uint64_t a5 = 0) {
    dtrace_core_probe(core_, test_probe(), a0, a1, a2, a3, a4, a5);
  }
  // fire() on another CPU; later firings are on CPU 0 again.
  void fire_on(uint32_t cpu, uint64_t a0 = 0, uint64_t a1 = 0, uint64_t a2 = 0) {
    dtrace_user_set_cpu(cpu);
    fire(a0, a1, a2);
    dtrace_user_set_cpu(0);
  }
  dtrace_status status() {
    dtrace_status s;
    dtrace_state_status(st_, &s);
    return s;
  }

  // EPDESC with enough capacity.
  std::vector<dtrace_recdesc> recs(uint32_t epid, dtrace_epdesc* out = nullptr) {
    dtrace_epdesc hdr{};
    hdr.dtepd_epid = epid;
    int err = dtrace_state_epdesc(st_, &hdr, 0);
    if (err != 0 && err != -ENOSPC) return {};
    std::vector<uint8_t> mem(sizeof(dtrace_epdesc) + hdr.dtepd_nrecs * sizeof(dtrace_recdesc));
    auto* ep = reinterpret_cast<dtrace_epdesc*>(mem.data());
    ep->dtepd_epid = epid;
    EXPECT_EQ(dtrace_state_epdesc(st_, ep, hdr.dtepd_nrecs), 0);
    if (out != nullptr) *out = *ep;
    return std::vector<dtrace_recdesc>(ep->dtepd_rec, ep->dtepd_rec + ep->dtepd_nrecs);
  }

  // BUFSNAP of one CPU, decoded into records.
  std::vector<Record> snap(uint32_t cpu = 0, dtrace_bufdesc* out = nullptr) {
    dtrace_bufdesc d{};
    const void* data = nullptr;
    int err = dtrace_state_bufsnap(st_, cpu, st_->bufsize, &d, &data);
    EXPECT_EQ(err, 0);
    if (out != nullptr) *out = d;
    std::vector<Record> v;
    if (err != 0) return v;
    const auto* p = static_cast<const uint8_t*>(data);
    for (uint64_t off = 0; off + 8 <= d.dtbd_size;) {
      dtrace_rechdr h;
      std::memcpy(&h, p + off, sizeof(h));
      if (h.dtrh_epid == 0) {
        off += 8;
        continue;
      }
      dtrace_epdesc ep{};
      recs(h.dtrh_epid, &ep);
      Record r;
      r.epid = h.dtrh_epid;
      r.timestamp = h.dtrh_timestamp;
      r.data.assign(p + off + 16, p + off + 16 + ep.dtepd_size);
      v.push_back(r);
      off += 16 + ep.dtepd_size;
    }
    return v;
  }
  // The first 8 bytes of each record in cpu's buffer, in order.
  std::vector<uint64_t> values(uint32_t cpu = 0) {
    std::vector<uint64_t> v;
    for (const Record& r : snap(cpu)) v.push_back(r.u64(0));
    return v;
  }
  // values() after firing test:::fire once with each arg0, in order.
  std::vector<uint64_t> values_after(std::initializer_list<uint64_t> arg0s) {
    for (uint64_t a0 : arg0s) fire(a0);
    return values();
  }

 private:
  dtrace_core* core_ = nullptr;
  dtrace_provider* prov_ = nullptr;
  int probe_ = 0;
  dtrace_state* st_ = nullptr;
  dtrace_enable_res res_{};
};

// A record description's kind and place: action, offset and size.
inline void expect_rec(const dtrace_recdesc& r, uint16_t action, uint32_t offset, uint32_t size) {
  EXPECT_EQ(r.dtrd_action, action);
  EXPECT_EQ(r.dtrd_offset, offset);
  EXPECT_EQ(r.dtrd_size, size);
}

// Program shorthands: one clause on a probe with the given actions.
struct Action {
  uint16_t kind;
  int difo = -1;  // index returned by add_difo, -1 = none
  uint32_t ntuple = 0;
  const char* format = nullptr;
  uint64_t arg = 0;
};

inline uint32_t add_clause(pb* b, uint32_t probe, int pred, const std::vector<Action>& acts,
                           uint64_t uarg = 0) {
  uint32_t first = b->nacts;
  for (const Action& a : acts)
    pb_action(b, a.kind, a.difo < 0 ? DTRACE_NONE : static_cast<uint32_t>(a.difo), a.ntuple, a.format, a.arg,
              b->nacts);
  return pb_clause(b, probe, pred < 0 ? DTRACE_NONE : static_cast<uint32_t>(pred), first,
                   static_cast<uint32_t>(acts.size()), uarg);
}

inline int Harness::enable_probe(const char* prov, const char* mod, const char* func, const char* name) {
  pb b{};
  add_clause(&b, pb_probe(&b, prov, mod, func, name), -1, {});
  int err = enable(b);
  pb_free(&b);
  return err;
}

// The ERROR clause the tests use: trace(arg1) .. trace(arg5), 40 bytes.
inline void add_error_clause(pb* b) {
  uint32_t p = pb_probe(b, "dtrace", "", "", "ERROR");
  std::vector<Action> acts;
  for (uint16_t i = 1; i <= 5; i++) {
    Difo d;
    d.code = {ldgs(static_cast<uint16_t>(DIF_VAR_ARG0 + i), 1), ret(1)};
    acts.push_back({DTRACEACT_DIFEXPR, static_cast<int>(add_difo(b, d))});
  }
  add_clause(b, p, -1, acts, 0xe770);
}

using ProgramOptions = std::vector<std::pair<uint32_t, uint64_t>>;

// A test:::fire clause tracing d's value (EPID 1 when it is the first).
inline void add_trace_clause(pb* b, const Difo& d) {
  uint32_t p = pb_probe(b, "test", "", "", "fire");
  uint32_t di = add_difo(b, d);
  add_clause(b, p, -1, {{DTRACEACT_DIFEXPR, static_cast<int>(di)}});
}

// Ends a program the tests' way (the ERROR clause, 64K buffers, then
// opts), enables it and frees the builder; returns ENABLE's error.
inline int enable_program(Harness& h, pb& b, const ProgramOptions& opts) {
  add_error_clause(&b);
  pb_option(&b, DTRACEOPT_BUFSIZE, 64 << 10);
  for (auto& o : opts) pb_option(&b, o.first, o.second);
  int err = h.enable(b);
  pb_free(&b);
  return err;
}

// Outcome of running one DIFO as trace(difo) on test:::fire.
struct Eval {
  int enable_err = 0;
  bool recorded = false;       // the clause's record is in the buffer
  std::vector<uint8_t> value;  // its bytes
  bool faulted = false;        // an ERROR record appeared
  uint64_t epid = 0, action = 0, offset = 0, fault = 0, addr = 0;
  uint64_t u64() const {
    uint64_t v = 0;
    if (!value.empty()) std::memcpy(&v, value.data(), std::min<size_t>(8, value.size()));
    return v;
  }
  std::string str() const {
    return value.empty() ? std::string() : std::string(reinterpret_cast<const char*>(value.data()));
  }
};

inline Eval eval_on(Harness& h, const Difo& d, const std::vector<uint64_t>& args = {},
                    ProgramOptions opts = {}) {
  Eval e;
  pb b{};
  add_trace_clause(&b, d);
  e.enable_err = enable_program(h, b, opts);
  if (e.enable_err != 0) return e;
  EXPECT_EQ(h.go(), 0);
  uint64_t a[6] = {0, 0, 0, 0, 0, 0};
  for (size_t i = 0; i < args.size() && i < 6; i++) a[i] = args[i];
  h.fire(a[0], a[1], a[2], a[3], a[4], a[5]);
  for (const Record& r : h.snap(0)) {
    if (r.epid == 1) {
      e.recorded = true;
      e.value = r.data;
    } else if (r.epid == 2) {
      e.faulted = true;
      e.epid = r.u64(0);
      e.action = r.u64(8);
      e.offset = r.u64(16);
      e.fault = r.u64(24);
      e.addr = r.u64(32);
    }
  }
  return e;
}

// Runs d in a fresh harness.
inline Eval eval(const Difo& d, const std::vector<uint64_t>& args = {},
                 std::vector<std::pair<uint32_t, uint64_t>> opts = {}) {
  Harness h;
  return eval_on(h, d, args, opts);
}

}  // namespace kcore
