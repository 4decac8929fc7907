#include "bpf/translate.h"

#include <sys/timex.h>

#include <cstdint>
#include <limits>
#include <map>
#include <string>

#include "bpf/frame.h"
#include "bpf/insn.h"
#include "bpf/ktypes.h"
#include "dif/ops.h"

extern "C" {
#include "dtrace/faults.h"
}

namespace dtrace::bpf {

namespace {

// The DIF machine lives on the BPF stack: register %rK at fp - 8(K+1),
// then the two compared values the condition codes stand for (the
// interpreter keeps CMP's operands and each branch compares them, so do
// we), then the map key. Registers start at 0, as the interpreter clears
// them; %r0 is never read from its slot.
constexpr int16_t reg_slot(unsigned k) { return static_cast<int16_t>(-8 * static_cast<int>(k + 1)); }
constexpr int16_t kCcA = reg_slot(DIF_DIR_NREGS);
constexpr int16_t kCcB = reg_slot(DIF_DIR_NREGS + 1);
constexpr int16_t kKey = reg_slot(DIF_DIR_NREGS + 2);
constexpr int16_t kLoadBuf = reg_slot(DIF_DIR_NREGS + 3);  // what a load reads
// Past the ECB subprogram's context slot (probe_prog.cc, fp - 168): the
// key of a dynamic variable (dynvars.h) being built by the tuple stack,
// and one for thread-local scalars, which may be read while a tuple is
// being built.
constexpr int16_t kTupleKey = -256;
constexpr int16_t kThreadKey = kTupleKey - 88;
static_assert(kTupleKey + static_cast<int>(kDynKeySize) <= -168);
static_assert(kThreadKey + static_cast<int>(kDynKeySize) <= kTupleKey);
constexpr int16_t kStringKey = 1;  // map_call(): the key of string_key()

// BPF registers the body keeps: the frame and the globals' element.
constexpr uint8_t kFrame = kR6;
constexpr uint8_t kGlobals = kR7;

std::string unsupported(const std::string& what) { return what + " is not supported by the bpf backend"; }

std::string mnemonic(uint8_t op) {
  const dif::OpInfo* info = dif::op_info(op);
  return info != nullptr ? info->mnemonic : "opcode " + std::to_string(op);
}

const char* builtin_name(uint32_t id) {
  switch (id) {
#define DIF_VAR(name, id, type, d_name) \
  case id:                              \
    return d_name;
#include "dtrace/dif_vars.def"
#undef DIF_VAR
    default: return nullptr;
  }
}

class Translator {
 public:
  Translator(const DifoView& d, const Globals& g, const Env& env)
      : d_(d), g_(g), env_(env), s_(env.strings) {}

  Result<std::vector<bpf_insn>> run() {
    if (d_.code.empty()) return make_error("an empty DIF object cannot be translated");
    bool string = d_.rtype.dtdt_kind == DIF_TYPE_STRING && (d_.rtype.dtdt_flags & DIF_TF_BYUREF) == 0;
    if (!(string && s_ != nullptr) &&
        (d_.rtype.dtdt_kind != DIF_TYPE_CTF || (d_.rtype.dtdt_flags & (DIF_TF_BYREF | DIF_TF_BYUREF)) != 0))
      return make_error(unsupported("a DIF object returning a string or a by-reference value"));
    prologue();
    start_.assign(d_.code.size() + 1, 0);
    for (size_t pc = 0; pc < d_.code.size(); pc++) {
      start_[pc] = out_.size();
      merge_tuple(pc);
      Status s = instr(static_cast<uint32_t>(pc), d_.code[pc]);
      if (!s.ok()) return s.error();
    }
    start_[d_.code.size()] = out_.size();
    for (const Fixup& f : fixups_) {
      if (f.target >= d_.code.size())
        return make_error("DIF branch at " + std::to_string(f.pc) + " leaves the DIF object");
      if (f.target <= f.pc)
        return make_error("DIF branch at " + std::to_string(f.pc) + " does not go forward");
      int64_t off = static_cast<int64_t>(start_[f.target]) - static_cast<int64_t>(f.at) - 1;
      if (off < 0 || off > std::numeric_limits<int16_t>::max())
        return make_error(unsupported("a DIF object this long (branch at " + std::to_string(f.pc) + ")"));
      out_[f.at].off = static_cast<int16_t>(off);
    }
    return std::move(out_);
  }

 private:
  struct Fixup {
    size_t at;        // the BPF jump
    uint32_t target;  // the DIF label it goes to
    uint32_t pc;      // the DIF branch
  };

  void emit(bpf_insn i) { out_.push_back(i); }
  void emit_imm64(uint8_t dst, uint64_t v, uint8_t src = 0) {
    bpf_insn two[2];
    ld_imm64(two, dst, v, src);
    emit(two[0]);
    emit(two[1]);
  }
  // BPF register dst = DIF register k.
  void get(uint8_t dst, unsigned k) {
    if (k == 0) emit(mov_imm(dst, 0));
    else emit(load64(dst, kFp, reg_slot(k)));
  }
  void put(unsigned k, uint8_t src) { emit(store64(kFp, reg_slot(k), src)); }
  // get() of a register that may hold a string's address (a map value
  // pointer to the verifier, which refuses to shift one: the compiler
  // casts subroutine arguments by shifts of 0), through the frame, which
  // the verifier reads back as a number (root's allow_ptr_leaks).
  void get_scalar(uint8_t dst, unsigned k) {
    get(dst, k);
    emit(store64(kFrame, kFrameTmp, dst));
    emit(load64(dst, kFrame, kFrameTmp));
  }
  // The interpreter's fault: code and pc in the frame, result 0.
  void fault(uint16_t code, uint32_t pc) {
    emit(store64_imm(kFrame, kFrameFaultAddr, 0));
    fault_keep_addr(code, pc);
  }
  static constexpr size_t kFaultLen = 6;
  // The same when fault_addr is already written.
  void fault_keep_addr(uint16_t code, uint32_t pc) {
    emit(store64_imm(kFrame, kFrameRet, 0));
    emit(store64_imm(kFrame, kFrameFault, code));
    emit(store64_imm(kFrame, kFrameFaultPc, static_cast<int32_t>(pc)));
    emit(mov_imm(kR0, 1));
    emit(exit_insn());
  }

  bool uses_globals() const {
    for (dif_instr_t in : d_.code) {
      uint8_t op = static_cast<uint8_t>(DIF_INSTR_OP(in));
      if ((op == DIF_OP_LDGS || op == DIF_OP_STGS) && DIF_INSTR_INDEX(in) >= DIF_VAR_OTHER_UBASE) return true;
    }
    return false;
  }

  bool uses_tuples() const {
    for (dif_instr_t in : d_.code) {
      uint8_t op = static_cast<uint8_t>(DIF_INSTR_OP(in));
      if (op == DIF_OP_PUSHTV || op == DIF_OP_PUSHTR || op == DIF_OP_LDGAA || op == DIF_OP_STGAA ||
          op == DIF_OP_LDTAA || op == DIF_OP_STTAA)
        return true;
    }
    return false;
  }

  // The tuple is known statically (its keys' places on the stack) while
  // every path to an instruction left it the same; where paths with
  // different tuples meet, it is unknown until FLUSHTS, and using it
  // then is refused (tuple_op()).
  struct TupleState {
    uint32_t n, refs;
    bool known;
    bool operator==(const TupleState&) const = default;
  };
  TupleState tuple_state() const { return {tuple_, tuple_refs_, tuple_known_}; }
  void merge_tuple(uint32_t pc) {
    auto it = at_label_.find(pc);
    if (it == at_label_.end()) return;
    uint8_t prev = pc == 0 ? uint8_t{DIF_OP_NOP} : static_cast<uint8_t>(DIF_INSTR_OP(d_.code[pc - 1]));
    bool falls_in = pc > 0 && prev != DIF_OP_BA && prev != DIF_OP_RET;
    TupleState t = it->second;
    if (falls_in && !(t == tuple_state())) t.known = false;
    tuple_ = t.n;
    tuple_refs_ = t.refs;
    tuple_known_ = t.known;
  }
  Status tuple_op(uint32_t pc) const {
    if (tuple_known_) return Ok{};
    return make_error(unsupported("a tuple built across a branch (at " + std::to_string(pc) + ")"));
  }

  void prologue() {
    emit(mov_reg(kFrame, kR1));
    if (uses_tuples()) zero_key(kTupleKey);
    for (unsigned k = 1; k < DIF_DIR_NREGS; k++) emit(store64_imm(kFp, reg_slot(k), 0));
    emit(store64_imm(kFp, kCcA, 0));
    emit(store64_imm(kFp, kCcB, 0));
    emit(store64_imm(kFrame, kFrameFault, 0));
    if (!uses_globals()) return;
    first_element(g_.map_fd);
    emit(mov_reg(kGlobals, kR0));
  }

  // R0 = the only element of an array map: it always exists, but the
  // verifier wants the null check.
  void first_element(int fd) {
    emit(store64_imm(kFp, kKey, 0));
    emit_imm64(kR1, static_cast<uint32_t>(fd), BPF_PSEUDO_MAP_FD);
    emit(mov_reg(kR2, kFp));
    emit(alu_imm(BPF_ADD, kR2, kKey));
    emit(call(BPF_FUNC_map_lookup_elem));
    emit(jmp_imm(BPF_JNE, kR0, 0, kFaultLen));
    fault(DTRACEFLT_ILLOP, 0);
  }

  void branch(uint32_t pc, bpf_insn j, uint32_t label) {
    auto [it, added] = at_label_.try_emplace(label, tuple_state());
    if (!added && !(it->second == tuple_state())) it->second.known = false;
    fixups_.push_back({out_.size(), label, pc});
    emit(j);
  }

  Result<int16_t> global_slot(uint32_t pc, uint16_t id) const {
    auto it = g_.slot.find(id);
    if (it == g_.slot.end())
      return make_error("DIF instruction " + std::to_string(pc) + " uses global variable " +
                        std::to_string(id) + ", which has no slot");
    return it->second;
  }

  Status refuse_op(uint32_t pc, uint8_t op) {
    return make_error(unsupported("DIF instruction '" + mnemonic(op) + "' (at " + std::to_string(pc) + ")"));
  }

  Status instr(uint32_t pc, dif_instr_t in) {
    uint8_t op = static_cast<uint8_t>(DIF_INSTR_OP(in));
    unsigned r1 = DIF_INSTR_R1(in), r2 = DIF_INSTR_R2(in), rd = DIF_INSTR_RD(in);
    const dif::OpInfo* info = dif::op_info(op);
    if (info == nullptr) return refuse_op(pc, op);
    if (!registers_ok(info->form, r1, r2, rd))
      return make_error("DIF instruction " + std::to_string(pc) + " names a register past %r" +
                        std::to_string(DIF_DIR_NREGS - 1));
    if (dif_op_is_uload(op)) return load(pc, op - DIF_OP_ULDSB, r1, rd, BPF_FUNC_probe_read_user);
    if (op >= DIF_OP_LDSB && op <= DIF_OP_LDX)
      return load(pc, op - DIF_OP_LDSB, r1, rd, BPF_FUNC_probe_read_kernel);
    switch (op) {
      case DIF_OP_ADD: return alu(in, BPF_ADD);
      case DIF_OP_SUB: return alu(in, BPF_SUB);
      case DIF_OP_MUL: return alu(in, BPF_MUL);
      case DIF_OP_AND: return alu(in, BPF_AND);
      case DIF_OP_OR: return alu(in, BPF_OR);
      case DIF_OP_XOR: return alu(in, BPF_XOR);
      case DIF_OP_SLL: return shift(in, BPF_LSH);
      case DIF_OP_SRL: return shift(in, BPF_RSH);
      case DIF_OP_SRA: return shift(in, BPF_ARSH);
      case DIF_OP_SDIV: return divide(pc, in, BPF_DIV, 1);
      case DIF_OP_UDIV: return divide(pc, in, BPF_DIV, 0);
      case DIF_OP_SREM: return divide(pc, in, BPF_MOD, 1);
      case DIF_OP_UREM: return divide(pc, in, BPF_MOD, 0);
      case DIF_OP_NOT:
        get(kR1, r1);
        emit(alu_imm(BPF_XOR, kR1, -1));
        put(rd, kR1);
        return Ok{};
      case DIF_OP_MOV:
        get(kR1, r1);
        put(rd, kR1);
        return Ok{};
      case DIF_OP_CMP:
        get(kR1, r1);
        get(kR2, r2);
        emit(store64(kFp, kCcA, kR1));
        emit(store64(kFp, kCcB, kR2));
        return Ok{};
      case DIF_OP_SCMP: return scmp(pc, r1, r2);
      case DIF_OP_TST:
        get(kR1, r1);
        emit(store64(kFp, kCcA, kR1));
        emit(store64_imm(kFp, kCcB, 0));
        return Ok{};
      case DIF_OP_BA: branch(pc, ja(0), DIF_INSTR_LABEL(in)); return Ok{};
      case DIF_OP_BE: return cond(pc, in, BPF_JEQ);
      case DIF_OP_BNE: return cond(pc, in, BPF_JNE);
      case DIF_OP_BG: return cond(pc, in, BPF_JSGT);
      case DIF_OP_BGU: return cond(pc, in, BPF_JGT);
      case DIF_OP_BGE: return cond(pc, in, BPF_JSGE);
      case DIF_OP_BGEU: return cond(pc, in, BPF_JGE);
      case DIF_OP_BL: return cond(pc, in, BPF_JSLT);
      case DIF_OP_BLU: return cond(pc, in, BPF_JLT);
      case DIF_OP_BLE: return cond(pc, in, BPF_JSLE);
      case DIF_OP_BLEU: return cond(pc, in, BPF_JLE);
      case DIF_OP_SETX: {
        uint32_t i = DIF_INSTR_INDEX(in);
        if (i >= d_.ints.size())
          return make_error("DIF instruction " + std::to_string(pc) + " reads past the integer table");
        emit_imm64(kR1, d_.ints[i]);
        put(rd, kR1);
        return Ok{};
      }
      case DIF_OP_SETS: return sets(pc, DIF_INSTR_INDEX(in), rd);
      case DIF_OP_LDGS: return ldgs(pc, static_cast<uint16_t>(DIF_INSTR_INDEX(in)), rd);
      case DIF_OP_STGS: {
        uint16_t id = static_cast<uint16_t>(DIF_INSTR_INDEX(in));
        if (id < DIF_VAR_OTHER_UBASE) return refuse_op(pc, op);
        Result<int16_t> off = global_slot(pc, id);
        if (!off.ok()) return off.error();
        get(kR1, DIF_INSTR_RS(in));
        if (g_.strings.count(id) != 0) return store_string(pc, *off);
        emit(store64(kGlobals, *off, kR1));
        return Ok{};
      }
      case DIF_OP_LDLS:
      case DIF_OP_STLS: return local(pc, op, in);
      case DIF_OP_LDGA: return args_array(pc, in);
      case DIF_OP_FLUSHTS:
        tuple_ = 0;
        tuple_refs_ = 0;
        tuple_known_ = true;
        zero_key(kTupleKey);
        return Ok{};
      case DIF_OP_POPTS:
        if (Status st = tuple_op(pc); !st) return st;
        if (tuple_ > 0) {
          emit(store64_imm(kFp, static_cast<int16_t>(kTupleKey + 16 + 8 * --tuple_), 0));
          tuple_refs_ &= ~(1u << tuple_);
        }
        return Ok{};
      case DIF_OP_PUSHTV:
        if (env_.dyn == nullptr) return refuse_op(pc, op);
        if (Status st = tuple_op(pc); !st) return st;
        if (tuple_ >= kDynTupleMax)
          return make_error(unsupported("a tuple of more than " + std::to_string(kDynTupleMax) + " keys"));
        get(kR1, DIF_INSTR_RS(in));
        emit(store64(kFp, static_cast<int16_t>(kTupleKey + 16 + 8 * tuple_++), kR1));
        return Ok{};
      case DIF_OP_PUSHTR:  // a string's address: an argument of a subroutine
        if (Status st = tuple_op(pc); !st) return st;
        if (DIF_INSTR_TYPE(in) != DIF_TYPE_STRING || tuple_ >= kDynTupleMax)
          return make_error(unsupported("a subroutine argument or a key that is by reference"));
        tuple_refs_ |= 1u << tuple_;
        get(kR1, DIF_INSTR_RS(in));
        emit(store64(kFp, static_cast<int16_t>(kTupleKey + 16 + 8 * tuple_++), kR1));
        return Ok{};
      case DIF_OP_CALL: return subr(pc, static_cast<uint16_t>(DIF_INSTR_INDEX(in)), rd);
      case DIF_OP_LDTS:
      case DIF_OP_STTS:
      case DIF_OP_LDGAA:
      case DIF_OP_STGAA:
      case DIF_OP_LDTAA:
      case DIF_OP_STTAA: return dynamic(pc, op, in);
      case DIF_OP_RET:
        get(kR1, rd);
        emit(store64(kFrame, kFrameRet, kR1));
        emit(mov_imm(kR0, 0));
        emit(exit_insn());
        return Ok{};
      case DIF_OP_NOP: return Ok{};
      default: return refuse_op(pc, op);
    }
  }

  // The validator has checked this; a translator that trusted it blindly
  // would read outside its stack slots on a DIFO that skipped it.
  static bool registers_ok(dif_form form, unsigned r1, unsigned r2, unsigned rd) {
    const unsigned n = DIF_DIR_NREGS;
    switch (form) {
      case DIF_FORM_R1_R2_RD:
      case DIF_FORM_R1_RS_ADDR:
      case DIF_FORM_R1_R2_RS: return r1 < n && r2 < n && rd < n;
      case DIF_FORM_R1_R2: return r1 < n && r2 < n;
      case DIF_FORM_R1: return r1 < n;
      case DIF_FORM_R1_RD: return r1 < n && rd < n;
      case DIF_FORM_RD:
      case DIF_FORM_INT_RD:
      case DIF_FORM_STR_RD:
      case DIF_FORM_VAR_RD:
      case DIF_FORM_VAR_RS:
      case DIF_FORM_SUBR_RD: return rd < n;
      case DIF_FORM_ARRAY_RD:
      case DIF_FORM_TUPLE: return r2 < n && rd < n;
      case DIF_FORM_NONE:
      case DIF_FORM_LABEL: return true;
    }
    return false;
  }

  Status alu(dif_instr_t in, uint8_t bop) {
    get(kR1, DIF_INSTR_R1(in));
    get(kR2, DIF_INSTR_R2(in));
    emit(alu_reg(bop, kR1, kR2));
    put(DIF_INSTR_RD(in), kR1);
    return Ok{};
  }
  // DIF shifts use the low six bits of r2, as BPF's do; said here, not assumed.
  Status shift(dif_instr_t in, uint8_t bop) {
    get_scalar(kR1, DIF_INSTR_R1(in));
    get(kR2, DIF_INSTR_R2(in));
    emit(alu_imm(BPF_AND, kR2, 63));
    emit(alu_reg(bop, kR1, kR2));
    put(DIF_INSTR_RD(in), kR1);
    return Ok{};
  }
  // BPF divides by 0 without a fault; DIF faults DIVZERO. The signed
  // forms (off 1) give INT64_MIN / -1 = INT64_MIN and % = 0, as DIF does.
  Status divide(uint32_t pc, dif_instr_t in, uint8_t bop, int16_t is_signed) {
    get(kR1, DIF_INSTR_R1(in));
    get(kR2, DIF_INSTR_R2(in));
    emit(jmp_imm(BPF_JNE, kR2, 0, kFaultLen));
    fault(DTRACEFLT_DIVZERO, pc);
    emit(alu_reg(bop, kR1, kR2, is_signed));
    put(DIF_INSTR_RD(in), kR1);
    return Ok{};
  }
  // rd = *(type *)r1, read with the helper (probe_read_user: the
  // current task's user memory; probe_read_kernel: the kernel's, which
  // refuses a user address) into a stack slot; a failed read faults
  // BADADDR with the address, as the interpreter's dtrace_dif_load does
  // (the module's kernel loads fault BADADDR on a user address too).
  // k: the load's place in LDSB .. LDX (ULDSB .. ULDX).
  Status load(uint32_t pc, unsigned k, unsigned r1, unsigned rd, int32_t helper) {
    static const uint8_t kSize[] = {1, 2, 4, 1, 2, 4, 8};
    unsigned n = kSize[k];
    bool is_signed = k < 3;
    emit(mov_reg(kR1, kFp));
    emit(alu_imm(BPF_ADD, kR1, kLoadBuf));
    emit(mov_imm(kR2, static_cast<int32_t>(n)));
    get(kR3, r1);
    emit(call(helper));
    emit(jmp_imm(BPF_JEQ, kR0, 0, static_cast<int16_t>(2 + kFaultLen - 1)));
    get(kR1, r1);
    emit(store64(kFrame, kFrameFaultAddr, kR1));
    fault_keep_addr(DTRACEFLT_BADADDR, pc);
    emit(make(BPF_LDX | BPF_MEM | size_code(n), kR1, kFp, kLoadBuf, 0));  // zero-extends
    if (is_signed) {
      emit(alu_imm(BPF_LSH, kR1, static_cast<int32_t>(64 - 8 * n)));
      emit(alu_imm(BPF_ARSH, kR1, static_cast<int32_t>(64 - 8 * n)));
    }
    put(rd, kR1);
    return Ok{};
  }

  Status cond(uint32_t pc, dif_instr_t in, uint8_t jop) {
    emit(load64(kR1, kFp, kCcA));
    emit(load64(kR2, kFp, kCcB));
    branch(pc, jmp_reg(jop, kR1, kR2, 0), DIF_INSTR_LABEL(in));
    return Ok{};
  }
  // R0 = pid, tid, uid or gid of the current task, or false for other
  // ids. The helpers answer as the module's port does: the initial pid
  // namespace's tgid and pid (task_tgid_nr, task_pid_nr) and the initial
  // user namespace's ids.
  bool task_builtin(uint16_t id) {
    switch (id) {
      case DIF_VAR_PID:  // tgid << 32 | pid
        emit(call(BPF_FUNC_get_current_pid_tgid));
        emit(alu_imm(BPF_RSH, kR0, 32));
        return true;
      case DIF_VAR_TID:
        emit(call(BPF_FUNC_get_current_pid_tgid));
        low32(kR0);
        return true;
      case DIF_VAR_UID:  // gid << 32 | uid
        emit(call(BPF_FUNC_get_current_uid_gid));
        low32(kR0);
        return true;
      case DIF_VAR_GID:
        emit(call(BPF_FUNC_get_current_uid_gid));
        emit(alu_imm(BPF_RSH, kR0, 32));
        return true;
      default: return false;
    }
  }
  void low32(uint8_t r) {
    emit(alu_imm(BPF_LSH, r, 32));
    emit(alu_imm(BPF_RSH, r, 32));
  }

  Status ldgs(uint32_t pc, uint16_t id, unsigned rd) {
    if (id >= DIF_VAR_ARG0 && id <= DIF_VAR_ARG9) {
      emit(load64(kR1, kFrame, static_cast<int16_t>(kFrameArg0 + 8 * (id - DIF_VAR_ARG0))));
      put(rd, kR1);
      return Ok{};
    }
    if (task_builtin(id)) {
      put(rd, kR0);
      return Ok{};
    }
    if (id == DIF_VAR_EXECNAME && s_ != nullptr) return execname(rd);
    if (id < DIF_VAR_OTHER_UBASE) {
      if (Status st = builtin(id); !st) return st;
      put(rd, kR0);
      return Ok{};
    }
    Result<int16_t> off = global_slot(pc, id);
    if (!off.ok()) return off.error();
    if (g_.strings.count(id) != 0) {  // a string: its address
      emit(mov_reg(kR1, kGlobals));
      emit(alu_imm(BPF_ADD, kR1, *off));
    } else {
      emit(load64(kR1, kGlobals, *off));
    }
    put(rd, kR1);
    return Ok{};
  }

  Status refuse_builtin(uint16_t id, const std::string& why = "") {
    const char* name = builtin_name(id);
    return make_error(
        unsupported("built-in variable '" + std::string(name != nullptr ? name : "?") + "'" + why));
  }

  // R0 = built-in variable id, as the module's dtrace_dif_builtin()
  // gives it; the ones not listed are refused.
  Status builtin(uint16_t id) {
    const TaskOffsets& t = task_offsets();
    switch (id) {
      case DIF_VAR_TIMESTAMP:  // once a firing, as the module's
        emit(load64(kR0, kFrame, kFrameTs));
        emit(jmp_imm(BPF_JNE, kR0, 0, 2));
        emit(call(BPF_FUNC_ktime_get_ns));  // ktime_get_mono_fast_ns, the module's clock
        emit(store64(kFrame, kFrameTs, kR0));
        return Ok{};
      case DIF_VAR_WALLTIMESTAMP: {  // ktime_get_real_fast_ns: TAI less the TAI offset
        timex tx{};
        if (adjtimex(&tx) < 0) return refuse_builtin(id, " (adjtimex() failed)");
        emit(call(BPF_FUNC_ktime_get_tai_ns));
        emit_imm64(kR1, static_cast<uint64_t>(static_cast<int64_t>(tx.tai)) * 1000000000u);
        emit(alu_reg(BPF_SUB, kR0, kR1));
        return Ok{};
      }
      case DIF_VAR_VTIMESTAMP:
        if (t.sum_exec_runtime < 0) return refuse_builtin(id, " (no task_struct in the kernel's BTF)");
        emit(call(BPF_FUNC_get_current_task));
        read_kernel(kR0, t.sum_exec_runtime, 8);
        return Ok{};
      case DIF_VAR_PPID:  // current->real_parent->tgid
        if (t.real_parent < 0 || t.tgid < 0)
          return refuse_builtin(id, " (no task_struct in the kernel's BTF)");
        emit(call(BPF_FUNC_get_current_task));
        read_kernel(kR0, t.real_parent, 8);
        read_kernel(kR0, t.tgid, 4);
        return Ok{};
      case DIF_VAR_CURTHREAD: emit(call(BPF_FUNC_get_current_task)); return Ok{};
      case DIF_VAR_CPU: emit(call(BPF_FUNC_get_smp_processor_id)); return Ok{};
      case DIF_VAR_ERRNO: emit(load64(kR0, kFrame, kFrameErr)); return Ok{};
      case DIF_VAR_CURPSINFO: emit(mov_imm(kR0, 0)); return Ok{};  // a translator in the compiler: 0
      case DIF_VAR_EPID:
      case DIF_VAR_ID:
        if (!env_.in_probe) return refuse_builtin(id, " outside a probe's program");
        emit(mov_imm(kR0, static_cast<int32_t>(id == DIF_VAR_EPID ? env_.epid : env_.probe_id)));
        return Ok{};
      case DIF_VAR_PROBEPROV: return probe_string(id, 0);
      case DIF_VAR_PROBEMOD: return probe_string(id, 1);
      case DIF_VAR_PROBEFUNC: return probe_string(id, 2);
      case DIF_VAR_PROBENAME: return probe_string(id, 3);
      default: return refuse_builtin(id);
    }
  }

  // rd = args[r2], as the module's dtrace_dif_builtin_array(): past the
  // module's 12 arguments BADINDEX (the index as the address); the
  // frame's 10, then 0 (no provider here has more). Compared one by one:
  // the frame may be the context, which takes no variable offset.
  Status args_array(uint32_t pc, dif_instr_t in) {
    uint16_t id = static_cast<uint16_t>(DIF_INSTR_AVAR(in));
    if (id != DIF_VAR_ARGS) return refuse_builtin(id);
    constexpr int32_t kModuleArgs = 12;
    get(kR1, DIF_INSTR_R2(in));
    emit(jmp_imm(BPF_JLT, kR1, kModuleArgs, kFaultLen));  // the store and the fault
    emit(store64(kFrame, kFrameFaultAddr, kR1));
    fault_keep_addr(DTRACEFLT_BADINDEX, pc);
    emit(mov_imm(kR2, 0));
    for (int32_t i = 0; i < static_cast<int32_t>(kFrameArgs); i++) {
      emit(jmp_imm(BPF_JNE, kR1, i, 1));
      emit(load64(kR2, kFrame, static_cast<int16_t>(kFrameArg0 + 8 * i)));
    }
    put(DIF_INSTR_RD(in), kR2);
    return Ok{};
  }

  // R0 = a word of size bytes (4 or 8) at kernel address R0 + off, 0
  // when it cannot be read.
  void read_kernel(uint8_t addr, int32_t off, int32_t size) {
    emit(mov_reg(kR3, addr));
    emit(alu_imm(BPF_ADD, kR3, off));
    emit(store64_imm(kFp, kLoadBuf, 0));
    emit(mov_reg(kR1, kFp));
    emit(alu_imm(BPF_ADD, kR1, kLoadBuf));
    emit(mov_imm(kR2, size));
    emit(call(BPF_FUNC_probe_read_kernel));
    emit(make(BPF_LDX | BPF_MEM | size_code(static_cast<uint32_t>(size)), kR0, kFp, kLoadBuf, 0));
  }

  // R0 = the address of the probe's name part i, interned in the constants.
  Status probe_string(uint16_t id, size_t i) {
    if (s_ == nullptr || !env_.in_probe) return refuse_builtin(id, " outside a probe's program");
    auto it = s_->named.find(env_.probe[i]);
    if (it == s_->named.end()) return refuse_builtin(id, " (its string was not laid out)");
    emit_imm64(kR0, static_cast<uint64_t>(it->second) << 32 | static_cast<uint32_t>(s_->consts_fd),
               BPF_PSEUDO_MAP_VALUE);
    return Ok{};
  }

  // this-> scalars live in the frame (locals[id - UBASE]), zeroed at each
  // firing as the module zeroes its lvals.
  Status local(uint32_t pc, uint8_t op, dif_instr_t in) {
    uint16_t id = static_cast<uint16_t>(DIF_INSTR_INDEX(in));
    const dtrace_difv* v = nullptr;
    for (const dtrace_difv& x : d_.vars)
      if (x.dtdv_id == id && x.dtdv_scope == DIFV_SCOPE_LOCAL && x.dtdv_kind == DIFV_KIND_SCALAR) v = &x;
    if (v == nullptr || id < DIF_VAR_OTHER_UBASE)
      return make_error("DIF instruction " + std::to_string(pc) + " uses clause-local variable " +
                        std::to_string(id) + ", which its variable table lacks");
    if (v->dtdv_type.dtdt_kind != DIF_TYPE_CTF || v->dtdv_type.dtdt_flags != 0 || v->dtdv_type.dtdt_size > 8)
      return make_error(unsupported("a clause-local variable that is a string or by reference"));
    if (id - DIF_VAR_OTHER_UBASE >= static_cast<int>(kFrameLocals))
      return make_error(unsupported("more than " + std::to_string(kFrameLocals) + " clause-local variables"));
    int16_t off = static_cast<int16_t>(kFrameLocal0 + 8 * (id - DIF_VAR_OTHER_UBASE));
    if (op == DIF_OP_LDLS) {
      emit(load64(kR1, kFrame, off));
      put(DIF_INSTR_RD(in), kR1);
    } else {
      get(kR1, DIF_INSTR_RS(in));
      emit(store64(kFrame, off, kR1));
    }
    return Ok{};
  }

  void zero_key(int16_t at) {
    for (uint32_t off = 0; off < kDynKeySize; off += 8)
      emit(store64_imm(kFp, static_cast<int16_t>(at + off), 0));
  }
  // A jump to patch with land() once its target is the next instruction.
  size_t jump_here(bpf_insn j) {
    emit(j);
    return out_.size() - 1;
  }
  void land(size_t at) { out_[at].off = static_cast<int16_t>(out_.size() - at - 1); }

  // Thread-locals and associative arrays (dynvars.h), as the module's
  // dtrace_dyn_load() and dtrace_dyn_store(): a variable absent reads
  // 0; storing 0 deletes it; a store the map has no room for is a drop.
  Status dynamic(uint32_t pc, uint8_t op, dif_instr_t in) {
    if (env_.dyn == nullptr) return refuse_op(pc, op);
    uint16_t id = static_cast<uint16_t>(DIF_INSTR_INDEX(in));
    bool thread = op != DIF_OP_LDGAA && op != DIF_OP_STGAA;
    bool array = op != DIF_OP_LDTS && op != DIF_OP_STTS;
    bool load = op == DIF_OP_LDTS || op == DIF_OP_LDGAA || op == DIF_OP_LDTAA;
    uint8_t scope = thread ? DIFV_SCOPE_THREAD : DIFV_SCOPE_GLOBAL;
    const dtrace_difv* v = nullptr;
    for (const dtrace_difv& x : d_.vars)
      if (x.dtdv_id == id && x.dtdv_scope == scope &&
          x.dtdv_kind == (array ? DIFV_KIND_ARRAY : DIFV_KIND_SCALAR))
        v = &x;
    if (v == nullptr)
      return make_error("DIF instruction " + std::to_string(pc) + " uses variable " + std::to_string(id) +
                        ", which its variable table lacks");
    if (array)
      if (Status st = tuple_op(pc); !st) return st;
    bool strkey = array && tuple_refs_ != 0;
    bool strval = v->dtdv_type.dtdt_kind == DIF_TYPE_STRING &&
                  (v->dtdv_type.dtdt_flags & DIF_TF_BYUREF) == 0 && s_ != nullptr &&
                  env_.dyn->sval_map_fd >= 0 && !strkey;
    if (!strval && (v->dtdv_type.dtdt_kind != DIF_TYPE_CTF || v->dtdv_type.dtdt_flags != 0 ||
                    v->dtdv_type.dtdt_size > 8))
      return make_error(unsupported(std::string(thread ? "a thread-local variable" : "an associative array") +
                                    " whose value is by reference (or a string, with a string key)"));
    if (strkey && (s_ == nullptr || env_.dyn->str_map_fd < 0 || (tuple_refs_ & (tuple_refs_ - 1)) != 0))
      return make_error(unsupported("an associative array key of more than one string"));
    int16_t key = array ? kTupleKey : kThreadKey;
    if (!array) zero_key(key);
    emit_imm64(kR1, static_cast<uint64_t>(scope) << 32 | id);
    emit(store64(kFp, key, kR1));
    if (thread) {
      emit(call(BPF_FUNC_get_current_task));
      emit(store64(kFp, static_cast<int16_t>(key + 8), kR0));
    }
    int map = strval ? env_.dyn->sval_map_fd : env_.dyn->map_fd;
    if (strkey) {
      string_key(pc);
      map = env_.dyn->str_map_fd;
      key = kStringKey;
    }
    if (load && strval) {  // the value's address, or 0 (NULL): a number to the verifier
      map_call(BPF_FUNC_map_lookup_elem, map, key);
      emit(store64(kFrame, kFrameTmp, kR0));
      emit(load64(kR1, kFrame, kFrameTmp));
      put(DIF_INSTR_RD(in), kR1);
      return Ok{};
    }
    if (load) {
      map_call(BPF_FUNC_map_lookup_elem, map, key);
      emit(mov_imm(kR1, 0));
      emit(jmp_imm(BPF_JEQ, kR0, 0, 1));
      emit(load64(kR1, kR0, 0));
      put(DIF_INSTR_RD(in), kR1);
      return Ok{};
    }
    get(kR1, DIF_INSTR_RS(in));
    size_t update = jump_here(jmp_imm(BPF_JNE, kR1, 0, 0));
    map_call(BPF_FUNC_map_delete_elem, map, key);
    size_t done = jump_here(ja(0));
    land(update);
    emit(store64(kFp, kLoadBuf, kR1));
    if (strval) {
      string_value(pc);
    } else {
      emit(mov_reg(kR3, kFp));
      emit(alu_imm(BPF_ADD, kR3, kLoadBuf));
    }
    emit(mov_imm(kR4, BPF_ANY));
    map_call(BPF_FUNC_map_update_elem, map, key);
    size_t stored = jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0));
    emit(store64_imm(kFp, kKey, 0));  // this CPU's drop count + 1
    map_call(BPF_FUNC_map_lookup_elem, env_.dyn->drops_fd, kKey);
    emit(jmp_imm(BPF_JEQ, kR0, 0, 3));
    emit(load64(kR1, kR0, 0));
    emit(alu_imm(BPF_ADD, kR1, 1));
    emit(store64(kR0, 0, kR1));
    land(done);
    land(stored);
    return Ok{};
  }
  // The key of a tuple with a string (dynvars.h) in scmp's buffers, its
  // address at kThreadKey (free while an array is used): the stack's key
  // with the string's slot 0, then the string, at most strsize - 1 bytes
  // (zeros after it), as the module's key_put() copies it; unreadable,
  // it faults BADADDR at its address.
  void string_key(uint32_t pc) {
    uint32_t slot = 0;
    while ((tuple_refs_ & (1u << slot)) == 0) slot++;
    first_element(s_->compare_fd);
    emit(store64(kFp, kThreadKey, kR0));
    for (uint32_t off = 0; off < kDynKeySize + s_->strsize; off += 8) {
      bool copy = off < kDynKeySize && off != 16 + 8 * slot;
      if (copy) emit(load64(kR1, kFp, static_cast<int16_t>(kTupleKey + off)));
      emit(copy ? store64(kR0, static_cast<int16_t>(off), kR1)
                : store64_imm(kR0, static_cast<int16_t>(off), 0));
    }
    emit(mov_reg(kR1, kR0));
    emit(alu_imm(BPF_ADD, kR1, kDynKeySize));
    emit(mov_imm(kR2, static_cast<int32_t>(s_->strsize)));
    emit(load64(kR3, kFp, static_cast<int16_t>(kTupleKey + 16 + 8 * slot)));
    emit(call(BPF_FUNC_probe_read_kernel_str));
    fault_unless_read(pc, static_cast<int16_t>(kTupleKey + 16 + 8 * slot));
  }
  // R3 = a copy of the string at kLoadBuf's address in strsize bytes,
  // zeros after its NUL, in scmp's second buffer (the value a store of a
  // string variable hands the map); unreadable, BADADDR at its address.
  void string_value(uint32_t pc) {
    first_element(s_->compare_fd);
    emit(alu_imm(BPF_ADD, kR0, kCompareBuf));
    emit(store64(kFp, kKey, kR0));
    for (uint32_t off = 0; off < s_->strsize; off += 8) emit(store64_imm(kR0, static_cast<int16_t>(off), 0));
    emit(mov_reg(kR1, kR0));
    emit(mov_imm(kR2, static_cast<int32_t>(s_->strsize)));
    emit(load64(kR3, kFp, kLoadBuf));
    emit(call(BPF_FUNC_probe_read_kernel_str));
    fault_unless_read(pc, kLoadBuf);
    emit(load64(kR3, kFp, kKey));
  }
  // helper(map fd, the key, R3, R4 as they are): the key at fp + key, or
  // (kStringKey) at the address kThreadKey holds.
  void map_call(int32_t helper, int fd, int16_t key) {
    emit_imm64(kR1, static_cast<uint32_t>(fd), BPF_PSEUDO_MAP_FD);
    if (key == kStringKey) {
      emit(load64(kR2, kFp, kThreadKey));
      emit(call(helper));
      return;
    }
    emit(mov_reg(kR2, kFp));
    emit(alu_imm(BPF_ADD, kR2, key));
    emit(call(helper));
  }

  // The condition codes of two strings compared as the module's
  // dtrace_dif_strcmp() compares them (strsize bytes at most; the same
  // address equal unread; 0 the empty string; an unreadable one faults
  // BADADDR at its address), mapped as its SCMP maps them: 0, 1 or 2
  // (less, equal, greater) against 1. Each is copied into its buffer of
  // the comparison map, zeroed first, then compared 8 bytes at a time,
  // the first words that differ in big-endian order as unsigned values.
  Status scmp(uint32_t pc, unsigned r1, unsigned r2) {
    if (s_ == nullptr) return refuse_op(pc, DIF_OP_SCMP);
    uint32_t size = s_->strsize;
    if (size > kMaxCompare || size % 8 != 0 || size == 0)
      return make_error(unsupported("a string comparison under strsize " + std::to_string(size)));
    get(kR1, r1);
    get(kR2, r2);
    size_t same = jump_here(jmp_reg(BPF_JEQ, kR1, kR2, 0));
    first_element(s_->compare_fd);
    emit(store64(kFp, kLoadBuf, kR0));
    for (uint32_t off = 0; off <= size; off += 8) {
      emit(store64_imm(kR0, static_cast<int16_t>(off), 0));
      emit(store64_imm(kR0, static_cast<int16_t>(kCompareBuf + off), 0));
    }
    for (unsigned side = 0; side < 2; side++) {
      unsigned r = side == 0 ? r1 : r2;
      get(kR3, r);
      size_t empty = jump_here(jmp_imm(BPF_JEQ, kR3, 0, 0));
      emit(load64(kR1, kFp, kLoadBuf));
      emit(alu_imm(BPF_ADD, kR1, static_cast<int32_t>(side * kCompareBuf)));
      emit(mov_imm(kR2, static_cast<int32_t>(size + 1)));
      emit(call(BPF_FUNC_probe_read_kernel_str));
      size_t read = jump_here(jmp_imm(BPF_JSGE, kR0, 0, 0));
      get(kR1, r);
      emit(store64(kFrame, kFrameFaultAddr, kR1));
      fault_keep_addr(DTRACEFLT_BADADDR, pc);
      land(read);
      land(empty);
    }
    emit(load64(kR1, kFp, kLoadBuf));
    std::vector<size_t> differ;
    for (uint32_t off = 0; off < size; off += 8) {
      emit(load64(kR2, kR1, static_cast<int16_t>(off)));
      emit(load64(kR3, kR1, static_cast<int16_t>(kCompareBuf + off)));
      differ.push_back(jump_here(jmp_reg(BPF_JNE, kR2, kR3, 0)));
    }
    land(same);
    emit(mov_imm(kR4, 1));
    size_t set = jump_here(ja(0));
    for (size_t at : differ) land(at);
    emit(make(BPF_ALU | BPF_END | BPF_TO_BE, kR2, 0, 0, 64));
    emit(make(BPF_ALU | BPF_END | BPF_TO_BE, kR3, 0, 0, 64));
    emit(mov_imm(kR4, 2));
    emit(jmp_reg(BPF_JGT, kR2, kR3, 1));
    emit(mov_imm(kR4, 0));
    land(set);
    emit(store64(kFp, kCcA, kR4));
    emit(store64_imm(kFp, kCcB, 1));
    return Ok{};
  }

  // Subroutine subr of the tuple's arguments, as the module's
  // dtrace_dif_subr(); the tuple is empty after it, as the module's.
  Status subr(uint32_t pc, uint16_t subr, unsigned rd) {
    if (s_ == nullptr || (subr != DIF_SUBR_COPYINSTR && subr != DIF_SUBR_STRLEN))
      return make_error(unsupported("subroutine " + subr_name(subr) + "()"));
    if (s_->strsize > kMaxCompare || s_->strsize == 0)
      return make_error(unsupported(subr_name(subr) + "() under strsize " + std::to_string(s_->strsize)));
    if (Status st = tuple_op(pc); !st) return st;
    if (tuple_ < 1) return make_error("DIF instruction " + std::to_string(pc) + " calls without arguments");
    Status st = subr == DIF_SUBR_COPYINSTR ? copyinstr(pc, rd) : strlen_(pc, rd);
    tuple_ = 0;
    tuple_refs_ = 0;
    zero_key(kTupleKey);
    return st;
  }
  static std::string subr_name(uint16_t subr) {
    switch (subr) {
#define DIF_SUBR(name, id, d_name) \
  case id:                         \
    return d_name;
#include "dtrace/dif_subrs.def"
#undef DIF_SUBR
      default: return "#" + std::to_string(subr);
    }
  }
  // Faults BADADDR at the address in the stack slot at (by default the
  // first argument's) unless the helper that read there returned >= 0.
  void fault_unless_read(uint32_t pc, int16_t at = kTupleKey + 16) {
    size_t read = jump_here(jmp_imm(BPF_JSGE, kR0, 0, 0));
    emit(load64(kR1, kFp, at));
    emit(store64(kFrame, kFrameFaultAddr, kR1));
    fault_keep_addr(DTRACEFLT_BADADDR, pc);
    land(read);
  }
  // copyinstr(uaddr [, max]): at most max (or strsize - 1) bytes of the
  // user string and a NUL, into the ECB's next string scratch slot (none
  // left: NOSCRATCH), as the module's subr_copyinstr() into its scratch.
  Status copyinstr(uint32_t pc, unsigned rd) {
    int32_t size = static_cast<int32_t>(s_->strsize);
    first_element(s_->scratch_fd);
    emit(store64(kFp, kLoadBuf, kR0));
    emit(load64(kR1, kFrame, kFrameScratch));
    emit(jmp_imm(BPF_JLT, kR1, kStringSlots, kFaultLen));
    fault(DTRACEFLT_NOSCRATCH, pc);
    emit(mov_reg(kR2, kR1));
    emit(alu_imm(BPF_ADD, kR2, 1));
    emit(store64(kFrame, kFrameScratch, kR2));
    emit(alu_imm(BPF_MUL, kR1, kMaxCompare));
    emit(alu_imm(BPF_AND, kR1, (kStringSlots - 1) * kMaxCompare));  // for the verifier
    emit(load64(kR0, kFp, kLoadBuf));
    emit(alu_reg(BPF_ADD, kR0, kR1));
    emit(store64(kFp, kLoadBuf, kR0));
    if (tuple_ > 1) emit(load64(kR2, kFp, static_cast<int16_t>(kTupleKey + 24)));
    else emit(mov_imm(kR2, 0));
    emit(jmp_imm(BPF_JEQ, kR2, 0, 1));
    emit(jmp_imm(BPF_JLT, kR2, size, 1));
    emit(mov_imm(kR2, size - 1));
    emit(alu_imm(BPF_ADD, kR2, 1));
    emit(load64(kR1, kFp, kLoadBuf));
    emit(load64(kR3, kFp, static_cast<int16_t>(kTupleKey + 16)));
    emit(call(BPF_FUNC_probe_read_user_str));
    fault_unless_read(pc);
    emit(load64(kR1, kFp, kLoadBuf));
    put(rd, kR1);
    return Ok{};
  }
  // strlen(s): its bytes before the NUL, at most strsize - 1, as the
  // module's dtrace_dif_strlen(); read into scmp's first buffer.
  Status strlen_(uint32_t pc, unsigned rd) {
    first_element(s_->compare_fd);
    emit(mov_reg(kR1, kR0));
    emit(mov_imm(kR2, static_cast<int32_t>(s_->strsize)));
    emit(load64(kR3, kFp, static_cast<int16_t>(kTupleKey + 16)));
    emit(call(BPF_FUNC_probe_read_kernel_str));
    fault_unless_read(pc);
    emit(alu_imm(BPF_SUB, kR0, 1));
    put(rd, kR0);
    return Ok{};
  }

  // The string at R1 into the global string at off: at most its size
  // less one byte and a NUL, zeros after it (as the module's by-reference
  // store copies a string); unreadable, BADADDR at its address.
  Status store_string(uint32_t pc, int16_t off) {
    emit(store64(kFp, kLoadBuf, kR1));
    uint32_t size = g_.strsize;
    for (uint32_t o = 0; o < size; o += 8) emit(store64_imm(kGlobals, static_cast<int16_t>(off + o), 0));
    emit(load64(kR3, kFp, kLoadBuf));
    emit(mov_reg(kR1, kGlobals));
    emit(alu_imm(BPF_ADD, kR1, off));
    emit(mov_imm(kR2, static_cast<int32_t>(size)));
    emit(call(BPF_FUNC_probe_read_kernel_str));
    fault_unless_read(pc, kLoadBuf);
    return Ok{};
  }

  // rd = the address of string constant i, in the constants' map.
  Status sets(uint32_t pc, uint32_t i, unsigned rd) {
    if (s_ == nullptr) return refuse_op(pc, DIF_OP_SETS);
    auto it = s_->base.find(d_.strtab.data());
    if (i >= d_.strtab.size() || it == s_->base.end())
      return make_error("DIF instruction " + std::to_string(pc) + " reads past the string table");
    emit_imm64(kR1, static_cast<uint64_t>(it->second + i) << 32 | static_cast<uint32_t>(s_->consts_fd),
               BPF_PSEUDO_MAP_VALUE);
    put(rd, kR1);
    return Ok{};
  }
  // rd = this CPU's comm element, where get_current_comm writes the
  // task's name.
  Status execname(unsigned rd) {
    first_element(s_->comm_fd);
    put(rd, kR0);
    emit(mov_reg(kR1, kR0));
    emit(mov_imm(kR2, kCommSize));
    emit(call(BPF_FUNC_get_current_comm));
    return Ok{};
  }

  const DifoView& d_;
  const Globals& g_;
  const Env& env_;
  const Strings* s_;
  std::vector<bpf_insn> out_;
  std::vector<size_t> start_;                // DIF pc -> its first BPF instruction
  std::map<uint32_t, TupleState> at_label_;  // the tuple where branches go
  bool tuple_known_ = true;
  uint32_t tuple_ = 0;       // the keys pushed since FLUSHTS
  uint32_t tuple_refs_ = 0;  // those that are strings' addresses (bits)
  std::vector<Fixup> fixups_;
};

}  // namespace

Result<std::vector<bpf_insn>> translate(const DifoView& difo, const Globals& g, const Env& env) {
  return Translator(difo, g, env).run();
}

}  // namespace dtrace::bpf
