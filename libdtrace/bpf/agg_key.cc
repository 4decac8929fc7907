#include "bpf/agg_key.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "bpf/builder.h"
#include "bpf/strings.h"

namespace dtrace::bpf {

struct DirectAggs::Operand {
  enum Kind { kNone, kArg, kPid, kTid, kUid, kGid, kCpu, kInt, kExecname, kString } kind = kNone;
  uint64_t value = 0;  // kArg: the argument's index; kInt: the constant
  std::string str;     // kString: its bytes, without the NUL
  bool string() const { return kind == kExecname || kind == kString; }
};

namespace {

// The most key and aggregation bytes a frameless program keeps on its
// stack (512 bytes, shared with the subprograms it calls).
constexpr uint32_t kMaxStackKey = 320;

// Where the stack's key starts: its 8 + keylen bytes end at fp - 8.
int16_t stack_key_off(const AggCode& a) { return static_cast<int16_t>(-8 - ((8 + map_keylen(a) + 7) & ~7u)); }

bool shared(ArgSource args) { return args == ArgSource::kKprobe || args == ArgSource::kKretprobe; }

}  // namespace

// One ldgs of a variable or one setx or sets, then the ret of its
// register.
DirectAggs::Operand DirectAggs::operand(const dtbpf_difo& d) const {
  Operand o;
  if (d.code == nullptr || d.ncode != 2 || DIF_INSTR_OP(d.code[1]) != DIF_OP_RET ||
      DIF_INSTR_RD(d.code[1]) != DIF_INSTR_RD(d.code[0]))
    return o;
  const dif_instr_t in = d.code[0];
  const uint32_t id = DIF_INSTR_INDEX(in);
  switch (DIF_INSTR_OP(in)) {
    case DIF_OP_SETX:
      if (id < d.nints) o = {Operand::kInt, d.ints[id], {}};
      return o;
    case DIF_OP_SETS:
      if (id < d.strlen && std::memchr(d.strtab + id, 0, d.strlen - id) != nullptr)
        o = {Operand::kString, 0, d.strtab + id};
      return o;
    case DIF_OP_LDGS: break;
    default: return o;
  }
  if (id >= DIF_VAR_ARG0 && id <= DIF_VAR_ARG9) {
    int i = static_cast<int>(id - DIF_VAR_ARG0);
    if (context_arg(nullptr, args_, shape_, i, 0, 0) != CtxArg::kNo) o = {Operand::kArg, uint64_t(i), {}};
    return o;
  }
  const char* name = nullptr;
  switch (id) {
    case DIF_VAR_PID: o.kind = Operand::kPid; break;
    case DIF_VAR_TID: o.kind = Operand::kTid; break;
    case DIF_VAR_UID: o.kind = Operand::kUid; break;
    case DIF_VAR_GID: o.kind = Operand::kGid; break;
    case DIF_VAR_CPU: o.kind = Operand::kCpu; break;
    case DIF_VAR_EXECNAME: o.kind = Operand::kExecname; break;
    // The probe's own names; a shared program's are its probe record's.
    case DIF_VAR_PROBEPROV: name = e_.provider; break;
    case DIF_VAR_PROBEMOD: name = e_.mod; break;
    case DIF_VAR_PROBEFUNC: name = e_.func; break;
    case DIF_VAR_PROBENAME: name = e_.name; break;
    default: break;
  }
  if (name != nullptr && !shared(args_)) o = {Operand::kString, 0, name};
  return o;
}

bool DirectAggs::takes(const AggCode& a) const {
  if (8 + map_keylen(a) + 8 > kMaxStackKey || a.blocks >= 0) return false;
  auto integer = [this](const dtbpf_difo& d) {
    Operand o = operand(d);
    return d.code == nullptr || (o.kind != Operand::kNone && !o.string());
  };
  if (!integer(a.agg.value) || !integer(a.agg.incr)) return false;
  for (const dtbpf_action& k : a.keys) {
    Operand o = operand(k.difo);
    bool value = k.rec == DTBPF_REC_U64 || k.rec == DTBPF_REC_VALUE;
    if (o.kind == Operand::kNone || (k.rec == DTBPF_REC_STRING) != o.string() ||
        (k.rec != DTBPF_REC_STRING && !value))
      return false;
  }
  return true;
}

KeyAt DirectAggs::key_at(const AggCode& a) { return {kFp, stack_key_off(a)}; }

DifoCalls DirectAggs::calls(Builder& b) const {
  DifoCalls c;
  c.run = [this, &b](const dtbpf_difo& d, uint8_t dst) {
    Operand o = operand(d);
    switch (o.kind) {
      case Operand::kArg:
        if (context_arg(&b, args_, shape_, static_cast<int>(o.value), dst, kR7) == CtxArg::kZero)
          b.emit(mov_imm(dst, 0));
        return;
      case Operand::kInt: b.emit_ld64(dst, o.value); return;
      case Operand::kCpu: b.emit(call(BPF_FUNC_get_smp_processor_id)); break;
      default:  // pid and tid: tgid << 32 | pid; uid and gid: gid << 32 | uid
        b.emit(call(o.kind == Operand::kPid || o.kind == Operand::kTid ? BPF_FUNC_get_current_pid_tgid
                                                                       : BPF_FUNC_get_current_uid_gid));
        if (o.kind == Operand::kPid || o.kind == Operand::kGid) {
          b.emit(alu_imm(BPF_RSH, kR0, 32));
        } else {
          b.emit(alu_imm(BPF_LSH, kR0, 32));
          b.emit(alu_imm(BPF_RSH, kR0, 32));
        }
        break;
    }
    b.emit(mov_reg(dst, kR0));
  };
  // At most size - 1 bytes of the string and its NUL, as the module's
  // dtrace_dif_strcpy() into a key record.
  c.run_string = [this, &b](const dtbpf_difo& d, int16_t at, uint32_t size) {
    Operand o = operand(d);
    if (o.kind == Operand::kExecname) {  // strscpy() of the task's name
      b.emit(mov_reg(kR1, kFp));
      b.emit(alu_imm(BPF_ADD, kR1, at));
      b.emit(mov_imm(kR2, static_cast<int32_t>(std::min(size, kCommSize))));
      b.emit(call(BPF_FUNC_get_current_comm));
      return;
    }
    std::string s = o.str.substr(0, size - 1);
    s.resize((s.size() + 4) & ~size_t{3}, '\0');
    for (size_t i = 0; i < s.size(); i += 4) {
      int32_t w;
      std::memcpy(&w, s.data() + i, 4);
      if (w != 0) b.emit(make(BPF_ST | BPF_MEM | BPF_W, kFp, 0, static_cast<int16_t>(at + i), w));
    }
  };
  c.string_max = [this](const dtbpf_difo& d) {
    Operand o = operand(d);
    return o.kind == Operand::kExecname ? kCommSize : static_cast<uint32_t>(o.str.size() + 1);
  };
  return c;
}

}  // namespace dtrace::bpf
