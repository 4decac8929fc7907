#include <limits>

#include "bpf/translator.h"

namespace dtrace::bpf {
namespace detail {

Result<std::vector<bpf_insn>> Translator::run() {
  if (d_.code.empty()) return make_error("an empty DIF object cannot be translated");
  // A by-reference value is returned as its address (the action reads
  // its bytes, as the module's record_value()).
  bool string = d_.rtype.dtdt_kind == DIF_TYPE_STRING && (d_.rtype.dtdt_flags & DIF_TF_BYUREF) == 0;
  if (!(string && s_ != nullptr) && d_.rtype.dtdt_kind != DIF_TYPE_CTF)
    return make_error(unsupported("a DIF object returning a string"));
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
    if (f.target <= f.pc) return make_error("DIF branch at " + std::to_string(f.pc) + " does not go forward");
    int64_t off = static_cast<int64_t>(start_[f.target]) - static_cast<int64_t>(f.at) - 1;
    if (off < 0 || off > std::numeric_limits<int16_t>::max())
      return make_error(unsupported("a DIF object this long (branch at " + std::to_string(f.pc) + ")"));
    out_[f.at].off = static_cast<int16_t>(off);
  }
  return std::move(out_);
}

void Translator::emit_imm64(uint8_t dst, uint64_t v, uint8_t src) {
  bpf_insn two[2];
  ld_imm64(two, dst, v, src);
  emit(two[0]);
  emit(two[1]);
}

// BPF register dst = DIF register k.
void Translator::get(uint8_t dst, unsigned k) {
  if (k == 0) emit(mov_imm(dst, 0));
  else emit(load64(dst, kFp, reg_slot(k)));
}

// get() of a register that may hold a string's address (a map value
// pointer to the verifier, which refuses to shift one: the compiler
// casts subroutine arguments by shifts of 0), through the frame, which
// the verifier reads back as a number (root's allow_ptr_leaks).
void Translator::get_scalar(uint8_t dst, unsigned k) {
  get(dst, k);
  emit(store64(kFrame, kFrameTmp, dst));
  emit(load64(dst, kFrame, kFrameTmp));
}

// The interpreter's fault: code and pc in the frame, result 0.
void Translator::fault(uint16_t code, uint32_t pc) {
  emit(store64_imm(kFrame, kFrameFaultAddr, 0));
  fault_keep_addr(code, pc);
}

// The same when fault_addr is already written.
void Translator::fault_keep_addr(uint16_t code, uint32_t pc) {
  emit(store64_imm(kFrame, kFrameRet, 0));
  emit(store64_imm(kFrame, kFrameFault, code));
  emit(store64_imm(kFrame, kFrameFaultPc, static_cast<int32_t>(pc)));
  emit(mov_imm(kR0, 1));
  emit(exit_insn());
}

bool Translator::uses_globals() const {
  for (dif_instr_t in : d_.code) {
    uint8_t op = static_cast<uint8_t>(DIF_INSTR_OP(in));
    if ((op == DIF_OP_LDGS || op == DIF_OP_STGS) && DIF_INSTR_INDEX(in) >= DIF_VAR_OTHER_UBASE) return true;
    if (op >= DIF_OP_STB && op <= DIF_OP_STX && g_.ref_bytes > 0) return true;  // a store may go there
  }
  return false;
}

bool Translator::uses_tuples() const {
  for (dif_instr_t in : d_.code) {
    uint8_t op = static_cast<uint8_t>(DIF_INSTR_OP(in));
    if (op == DIF_OP_PUSHTV || op == DIF_OP_PUSHTR || op == DIF_OP_LDGAA || op == DIF_OP_STGAA ||
        op == DIF_OP_LDTAA || op == DIF_OP_STTAA)
      return true;
  }
  return false;
}

void Translator::merge_tuple(uint32_t pc) {
  auto it = at_label_.find(pc);
  if (it == at_label_.end()) return;
  uint8_t prev = pc == 0 ? uint8_t{DIF_OP_NOP} : static_cast<uint8_t>(DIF_INSTR_OP(d_.code[pc - 1]));
  bool falls_in = pc > 0 && prev != DIF_OP_BA && prev != DIF_OP_RET;
  TupleState t = it->second;
  if (falls_in && !(t == tuple_state())) t.known = false;
  tuple_ = t.n;
  tuple_refs_ = t.refs;
  tuple_ctf_ = t.ctf;
  tuple_known_ = t.known;
}

Status Translator::tuple_op(uint32_t pc) const {
  if (tuple_known_) return Ok{};
  return make_error(unsupported("a tuple built across a branch (at " + std::to_string(pc) + ")"));
}

void Translator::prologue() {
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
void Translator::first_element(int fd) {
  emit(store64_imm(kFp, kKey, 0));
  emit_imm64(kR1, static_cast<uint32_t>(fd), BPF_PSEUDO_MAP_FD);
  emit(mov_reg(kR2, kFp));
  emit(alu_imm(BPF_ADD, kR2, kKey));
  emit(call(BPF_FUNC_map_lookup_elem));
  emit(jmp_imm(BPF_JNE, kR0, 0, kFaultLen));
  fault(DTRACEFLT_ILLOP, 0);
}

void Translator::branch(uint32_t pc, bpf_insn j, uint32_t label) {
  auto [it, added] = at_label_.try_emplace(label, tuple_state());
  if (!added && !(it->second == tuple_state())) it->second.known = false;
  fixups_.push_back({out_.size(), label, pc});
  emit(j);
}

Result<int16_t> Translator::global_slot(uint32_t pc, uint16_t id) const {
  auto it = g_.slot.find(id);
  if (it == g_.slot.end())
    return make_error("DIF instruction " + std::to_string(pc) + " uses global variable " +
                      std::to_string(id) + ", which has no slot");
  return it->second;
}

Status Translator::refuse_op(uint32_t pc, uint8_t op) {
  return make_error(unsupported("DIF instruction '" + mnemonic(op) + "' (at " + std::to_string(pc) + ")"));
}

Status Translator::instr(uint32_t pc, dif_instr_t in) {
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
    case DIF_OP_SDIV: return divide(pc, in, BPF_DIV, true);
    case DIF_OP_UDIV: return divide(pc, in, BPF_DIV, false);
    case DIF_OP_SREM: return divide(pc, in, BPF_MOD, true);
    case DIF_OP_UREM: return divide(pc, in, BPF_MOD, false);
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
      if (ref_global(id)) return stgs_ref(pc, id, *off);
      emit(store64(kGlobals, *off, kR1));
      return Ok{};
    }
    case DIF_OP_LDLS:
    case DIF_OP_STLS: return local(pc, op, in);
    case DIF_OP_LDGA: return args_array(pc, in);
    case DIF_OP_FLUSHTS:
      tuple_ = 0;
      tuple_refs_ = 0;
      tuple_ctf_ = 0;
      tuple_known_ = true;
      zero_key(kTupleKey);
      return Ok{};
    case DIF_OP_POPTS:
      if (Status st = tuple_op(pc); !st) return st;
      if (tuple_ > 0) {
        emit(store64_imm(kFp, static_cast<int16_t>(kTupleKey + 16 + 8 * --tuple_), 0));
        tuple_refs_ &= ~(1u << tuple_);
        tuple_ctf_ &= ~(uint64_t{0xff} << 8 * tuple_);
      }
      return Ok{};
    case DIF_OP_PUSHTV:
      if (Status st = tuple_op(pc); !st) return st;
      if (tuple_ >= kDynTupleMax)
        return make_error(unsupported("a tuple of more than " + std::to_string(kDynTupleMax) + " keys"));
      get(kR1, DIF_INSTR_RS(in));
      emit(store64(kFp, static_cast<int16_t>(kTupleKey + 16 + 8 * tuple_++), kR1));
      return Ok{};
    case DIF_OP_PUSHTR:  // a string's address: an argument of a subroutine
      if (Status st = tuple_op(pc); !st) return st;
      if (DIF_INSTR_TYPE(in) == DIF_TYPE_CTF && tuple_ < kDynTupleMax) return push_ctf(pc, in);
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
    case DIF_OP_STB:
    case DIF_OP_STH:
    case DIF_OP_STW:
    case DIF_OP_STX: return store(pc, op, in);
    case DIF_OP_ALLOCS: return alloca_(pc, r1, rd);
    case DIF_OP_COPYS: return copys(pc, in);
    case DIF_OP_NOP: return Ok{};
    default: return refuse_op(pc, op);
  }
}

// The validator has checked this; a translator that trusted it blindly
// would read outside its stack slots on a DIFO that skipped it.
bool Translator::registers_ok(dif_form form, unsigned r1, unsigned r2, unsigned rd) {
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

Status Translator::alu(dif_instr_t in, uint8_t bop) {
  get(kR1, DIF_INSTR_R1(in));
  get(kR2, DIF_INSTR_R2(in));
  emit(alu_reg(bop, kR1, kR2));
  put(DIF_INSTR_RD(in), kR1);
  return Ok{};
}

// DIF shifts use the low six bits of r2, as BPF's do; said here, not assumed.
Status Translator::shift(dif_instr_t in, uint8_t bop) {
  get_scalar(kR1, DIF_INSTR_R1(in));
  get(kR2, DIF_INSTR_R2(in));
  emit(alu_imm(BPF_AND, kR2, 63));
  emit(alu_reg(bop, kR1, kR2));
  put(DIF_INSTR_RD(in), kR1);
  return Ok{};
}

// BPF divides by 0 without a fault; DIF faults DIVZERO. The signed
// forms divide the magnitudes unsigned and set the sign after (the
// quotient's the operands' signs apart, the remainder's the dividend's):
// BPF's own signed DIV and MOD (off 1) are ISA v4, which kernels before
// 6.6 refuse ("BPF_ALU uses reserved fields"). INT64_MIN / -1 gives
// INT64_MIN and % gives 0, as DIF does.
Status Translator::divide(uint32_t pc, dif_instr_t in, uint8_t bop, bool is_signed) {
  get(kR1, DIF_INSTR_R1(in));
  get(kR2, DIF_INSTR_R2(in));
  emit(jmp_imm(BPF_JNE, kR2, 0, kFaultLen));
  fault(DTRACEFLT_DIVZERO, pc);
  if (!is_signed) {
    emit(alu_reg(bop, kR1, kR2));
    put(DIF_INSTR_RD(in), kR1);
    return Ok{};
  }
  // R3, R4: the operands' signs (0 or -1); R1, R2 their magnitudes.
  for (auto [sign, r] : {std::pair{kR3, kR1}, {kR4, kR2}}) {
    emit(mov_reg(sign, r));
    emit(alu_imm(BPF_ARSH, sign, 63));
    emit(alu_reg(BPF_XOR, r, sign));
    emit(alu_reg(BPF_SUB, r, sign));
  }
  emit(alu_reg(bop, kR1, kR2));
  if (bop == BPF_DIV) emit(alu_reg(BPF_XOR, kR3, kR4));
  emit(alu_reg(BPF_XOR, kR1, kR3));
  emit(alu_reg(BPF_SUB, kR1, kR3));
  put(DIF_INSTR_RD(in), kR1);
  return Ok{};
}

// rd = *(type *)r1, read with the helper (probe_read_user: the
// current task's user memory; probe_read_kernel: the kernel's, which
// refuses a user address) into a stack slot; a failed read faults
// BADADDR with the address, as the interpreter's dtrace_dif_load does
// (the module's kernel loads fault BADADDR on a user address too).
// k: the load's place in LDSB .. LDX (ULDSB .. ULDX).
Status Translator::load(uint32_t pc, unsigned k, unsigned r1, unsigned rd, int32_t helper) {
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

Status Translator::cond(uint32_t pc, dif_instr_t in, uint8_t jop) {
  emit(load64(kR1, kFp, kCcA));
  emit(load64(kR2, kFp, kCcB));
  branch(pc, jmp_reg(jop, kR1, kR2, 0), DIF_INSTR_LABEL(in));
  return Ok{};
}

}  // namespace detail

Result<std::vector<bpf_insn>> translate(const DifoView& difo, const Globals& g, const Env& env) {
  return detail::Translator(difo, g, env).run();
}

}  // namespace dtrace::bpf
