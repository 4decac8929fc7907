// The Translator's variables and strings (translator.h): built-in
// variables through helpers, args[], clause-locals in the frame,
// thread-locals and associative arrays in the dynamic variables' maps,
// global strings, string comparisons and strlen().
#include <sys/timex.h>

#include "bpf/fbt_kprobe.h"
#include "bpf/ktypes.h"
#include "bpf/translator.h"

namespace dtrace::bpf::detail {

// R0 = pid, tid, uid or gid of the current task, or false for other
// ids. The helpers answer as the module's port does: the initial pid
// namespace's tgid and pid (task_tgid_nr, task_pid_nr) and the initial
// user namespace's ids.
bool Translator::task_builtin(uint16_t id) {
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

void Translator::low32(uint8_t r) {
  emit(alu_imm(BPF_LSH, r, 32));
  emit(alu_imm(BPF_RSH, r, 32));
}

Status Translator::ldgs(uint32_t pc, uint16_t id, unsigned rd) {
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
  if ((id == DIF_VAR_CWD || id == DIF_VAR_ROOTDIR) && s_ != nullptr)
    return fs_path(pc, id, rd);  // translate_dpath.cc
  if (id < DIF_VAR_OTHER_UBASE) {
    if (Status st = builtin(id); !st) return st;
    put(rd, kR0);
    return Ok{};
  }
  Result<int16_t> off = global_slot(pc, id);
  if (!off.ok()) return off.error();
  if (ref_global(id)) return ldgs_ref(id, *off, rd);
  if (g_.strings.count(id) != 0) {  // a string: its address
    emit(mov_reg(kR1, kGlobals));
    emit(alu_imm(BPF_ADD, kR1, *off));
  } else {
    emit(load64(kR1, kGlobals, *off));
  }
  put(rd, kR1);
  return Ok{};
}

Status Translator::refuse_builtin(uint16_t id, const std::string& why) {
  const char* name = builtin_name(id);
  return make_error(
      unsupported("built-in variable '" + std::string(name != nullptr ? name : "?") + "'" + why));
}

// R0 = built-in variable id, as the module's dtrace_dif_builtin()
// gives it; the ones not listed are refused.
Status Translator::builtin(uint16_t id) {
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
      if (t.real_parent < 0 || t.tgid < 0) return refuse_builtin(id, " (no task_struct in the kernel's BTF)");
      emit(call(BPF_FUNC_get_current_task));
      read_kernel(kR0, t.real_parent, 8);
      read_kernel(kR0, t.tgid, 4);
      return Ok{};
    case DIF_VAR_EUID:  // current_cred()->euid
    case DIF_VAR_EGID: {
      int32_t off = id == DIF_VAR_EUID ? t.euid : t.egid;
      if (t.cred < 0 || off < 0) return refuse_builtin(id, " (no cred in the kernel's BTF)");
      emit(call(BPF_FUNC_get_current_task));
      read_kernel(kR0, t.cred, 8);
      read_kernel(kR0, off, 4);
      return Ok{};
    }
    case DIF_VAR_PGID:  // current->signal->pids[PIDTYPE_*]->numbers[0].nr, 0 without one
    case DIF_VAR_SID: {
      int32_t off = id == DIF_VAR_PGID ? t.pgid : t.sid;
      if (t.signal < 0 || off < 0 || t.pid_nr < 0)
        return refuse_builtin(id, " (no signal_struct pids in the kernel's BTF)");
      emit(call(BPF_FUNC_get_current_task));
      read_kernel(kR0, t.signal, 8);
      read_kernel(kR0, off, 8);
      size_t none = jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0));
      read_kernel(kR0, t.pid_nr, 4);
      land(none);
      return Ok{};
    }
    case DIF_VAR_CURCPU:  // this CPU's cpuinfo_t, filled at ENABLE as the module fills it
      if (s_ == nullptr || s_->cpuinfo_fd < 0) return refuse_builtin(id, " (its map was not made)");
      first_element(s_->cpuinfo_fd);
      return Ok{};
    case DIF_VAR_ZONENAME: {  // "global", as the module's
      if (s_ == nullptr) return refuse_builtin(id, " (its string was not laid out)");
      auto it = s_->named.find(kZoneName);
      if (it == s_->named.end()) return refuse_builtin(id, " (its string was not laid out)");
      emit_imm64(kR0, static_cast<uint64_t>(it->second) << 32 | static_cast<uint32_t>(s_->consts_fd),
                 BPF_PSEUDO_MAP_VALUE);
      return Ok{};
    }
    case DIF_VAR_CURTHREAD: emit(call(BPF_FUNC_get_current_task)); return Ok{};
    case DIF_VAR_CPU: emit(call(BPF_FUNC_get_smp_processor_id)); return Ok{};
    case DIF_VAR_ERRNO: emit(load64(kR0, kFrame, kFrameErr)); return Ok{};
    case DIF_VAR_CURPSINFO: emit(mov_imm(kR0, 0)); return Ok{};  // a translator in the compiler: 0
    case DIF_VAR_EPID:
    case DIF_VAR_ID:
      if (!env_.in_probe) return refuse_builtin(id, " outside a probe's program");
      if (env_.ids_epid >= 0) {  // the probe's record's
        emit(load64(kR0, kFp, kIdsSlot));
        emit(make(BPF_LDX | BPF_MEM | BPF_W, kR0, kR0, id == DIF_VAR_EPID ? env_.ids_epid : kIdsProbe, 0));
        return Ok{};
      }
      emit(mov_imm(kR0, static_cast<int32_t>(id == DIF_VAR_EPID ? env_.epid : env_.probe_id)));
      return Ok{};
    case DIF_VAR_CALLER:
    case DIF_VAR_STACKDEPTH:
    case DIF_VAR_UCALLER:
    case DIF_VAR_USTACKDEPTH: return stack_var(id);
    case DIF_VAR_PROBEPROV: return probe_string(id, 0);
    case DIF_VAR_PROBEMOD: return probe_string(id, 1);
    case DIF_VAR_PROBEFUNC: return probe_string(id, 2);
    case DIF_VAR_PROBENAME: return probe_string(id, 3);
    default: return refuse_builtin(id);
  }
}

// R0 = caller, stackdepth, ucaller or ustackdepth, as the module's
// kcaller(), dtrace_port_stackdepth(), ucaller() and
// dtrace_port_ustack(NULL, 1024) give them: stack()'s first frame and
// its frames' count (from the probe's first frame, kstack.h), the user
// stack's second frame (the first is the user pc) and its count, read
// by the helper get_stack into the frame's stk (at most its 128 frames,
// the helper's default most, where the module counts up to 1024).
Status Translator::stack_var(uint16_t id) {
  if (env_.stack == nullptr) return refuse_builtin(id, " outside a probe's program");
  bool user = id == DIF_VAR_UCALLER || id == DIF_VAR_USTACKDEPTH;
  bool depth = id == DIF_VAR_STACKDEPTH || id == DIF_VAR_USTACKDEPTH;
  if (user) emit(mov_imm(kR4, BPF_F_USER_STACK));
  else
    for (const bpf_insn& i : stack_skip_code(*env_.stack, kFrame)) emit(i);
  emit(load64(kR1, kFp, kCtxSlot));
  emit(mov_reg(kR2, kFrame));
  emit(alu_imm(BPF_ADD, kR2, kFrameStk));
  emit(mov_imm(kR3, static_cast<int32_t>(depth ? 8 * kFrameStack : user ? 16 : 8)));
  emit(call(BPF_FUNC_get_stack));
  if (depth) {
    emit(jmp_imm(BPF_JSGE, kR0, 0, 1));
    emit(mov_imm(kR0, 0));
    emit(alu_imm(BPF_RSH, kR0, 3));
  } else {
    emit(load64(kR0, kFrame, static_cast<int16_t>(kFrameStk + (user ? 8 : 0))));
  }
  return Ok{};
}

// rd = args[r2], as the module's dtrace_dif_builtin_array(): past the
// module's 12 arguments BADINDEX (the index as the address), else the
// frame's (as many: a probe with fewer has 0 in the rest). Compared one
// by one: the frame may be the context, which takes no variable offset.
Status Translator::args_array(uint32_t pc, dif_instr_t in) {
  uint16_t id = static_cast<uint16_t>(DIF_INSTR_AVAR(in));
  if (id == DIF_VAR_UREGS) return uregs(pc, in);  // translate_user.cc
  if (id != DIF_VAR_ARGS) return refuse_builtin(id);
  constexpr int32_t kModuleArgs = 12;
  static_assert(kFrameArgs == kModuleArgs);
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
void Translator::read_kernel(uint8_t addr, int32_t off, int32_t size) {
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
Status Translator::probe_string(uint16_t id, size_t i) {
  if (s_ == nullptr || !env_.in_probe) return refuse_builtin(id, " outside a probe's program");
  if (env_.ids_epid >= 0 && (i == 1 || i == 2)) {  // the module and function: the probe's record's
    emit(load64(kR0, kFp, kIdsSlot));
    emit(alu_imm(BPF_ADD, kR0, i == 1 ? kIdsMod : kIdsFunc));
    return Ok{};
  }
  auto it = s_->named.find(env_.probe[i]);
  if (it == s_->named.end()) return refuse_builtin(id, " (its string was not laid out)");
  emit_imm64(kR0, static_cast<uint64_t>(it->second) << 32 | static_cast<uint32_t>(s_->consts_fd),
             BPF_PSEUDO_MAP_VALUE);
  return Ok{};
}

// this-> scalars live in the frame (locals[id - UBASE]), zeroed at each
// firing as the module zeroes its lvals.
Status Translator::local(uint32_t pc, uint8_t op, dif_instr_t in) {
  uint16_t id = static_cast<uint16_t>(DIF_INSTR_INDEX(in));
  const dtrace_difv* v = nullptr;
  for (const dtrace_difv& x : d_.vars)
    if (x.dtdv_id == id && x.dtdv_scope == DIFV_SCOPE_LOCAL && x.dtdv_kind == DIFV_KIND_SCALAR) v = &x;
  if (v == nullptr || id < DIF_VAR_OTHER_UBASE)
    return make_error("DIF instruction " + std::to_string(pc) + " uses clause-local variable " +
                      std::to_string(id) + ", which its variable table lacks");
  if (id - DIF_VAR_OTHER_UBASE >= static_cast<int>(kFrameLocals))
    return make_error(unsupported("more than " + std::to_string(kFrameLocals) + " clause-local variables"));
  int16_t off = static_cast<int16_t>(kFrameLocal0 + 8 * (id - DIF_VAR_OTHER_UBASE));
  const uint32_t i = id - DIF_VAR_OTHER_UBASE;
  bool string = v->dtdv_type.dtdt_kind == DIF_TYPE_STRING && (v->dtdv_type.dtdt_flags & DIF_TF_BYUREF) == 0 &&
                s_ != nullptr && s_->locals_fd >= 0 && s_->strsize % 8 == 0 && s_->strsize <= kMaxCompare &&
                s_->local_slots[i + 1] - s_->local_slots[i] >= kMaxCompare;
  if (string) return local_string(pc, op, in, off, static_cast<int16_t>(s_->local_slots[i]));
  bool ref = v->dtdv_type.dtdt_kind == DIF_TYPE_CTF && v->dtdv_type.dtdt_flags == DIF_TF_BYREF &&
             uses_ref_locals() && v->dtdv_type.dtdt_size <= s_->local_slots[i + 1] - s_->local_slots[i];
  if (ref)
    return local_ref(pc, op, in, off, static_cast<int16_t>(s_->local_slots[i]),
                     (v->dtdv_type.dtdt_size + 7) & ~7u);
  if (v->dtdv_type.dtdt_kind != DIF_TYPE_CTF || v->dtdv_type.dtdt_flags != 0 || v->dtdv_type.dtdt_size > 8)
    return make_error(unsupported("a clause-local variable that is a string or by reference (over " +
                                  std::to_string(kMaxCompare) + " bytes, or all of them over " +
                                  std::to_string(kLocalsMax) + ")"));
  if (op == DIF_OP_LDLS) {
    emit(load64(kR1, kFrame, off));
    put(DIF_INSTR_RD(in), kR1);
  } else {
    get(kR1, DIF_INSTR_RS(in));
    emit(store64(kFrame, off, kR1));
  }
  return Ok{};
}

// A string this-> variable: its strsize bytes at slot in the string
// locals' element, its frame local (0 at each firing) 0 until stored,
// 1 once a string is, 2 once NULL is. Read before stored it is "", as
// the module's zeroed local storage; NULL reads back NULL (the module's
// store_ref()); a string is copied as a global string is.
Status Translator::local_string(uint32_t pc, uint8_t op, dif_instr_t in, int16_t flag, int16_t slot) {
  if (op == DIF_OP_LDLS) {
    first_element(s_->locals_fd);
    emit(alu_imm(BPF_ADD, kR0, slot));
    emit(load64(kR1, kFrame, flag));
    emit(jmp_imm(BPF_JNE, kR1, 0, 1));
    emit(store64_imm(kR0, 0, 0));
    emit(store64(kFrame, kFrameTmp, kR0));
    emit(load64(kR0, kFrame, kFrameTmp));
    emit(jmp_imm(BPF_JNE, kR1, 2, 1));
    emit(mov_imm(kR0, 0));
    put(DIF_INSTR_RD(in), kR0);
    return Ok{};
  }
  get(kR1, DIF_INSTR_RS(in));
  emit(store64(kFp, kLoadBuf, kR1));
  emit(store64_imm(kFrame, flag, 2));
  size_t null = jump_here(jmp_imm(BPF_JEQ, kR1, 0, 0));
  first_element(s_->locals_fd);
  emit(alu_imm(BPF_ADD, kR0, slot));
  string_at_r0(pc);
  emit(store64_imm(kFrame, flag, 1));
  land(null);
  return Ok{};
}

void Translator::zero_key(int16_t at) {
  for (uint32_t off = 0; off < kDynKeySize; off += 8)
    emit(store64_imm(kFp, static_cast<int16_t>(at + off), 0));
}

// A jump to patch with land() once its target is the next instruction.
size_t Translator::jump_here(bpf_insn j) {
  emit(j);
  return out_.size() - 1;
}

// Thread-locals and associative arrays (dynvars.h), as the module's
// dtrace_dyn_load() and dtrace_dyn_store(): a variable absent reads
// 0; storing 0 deletes it; a store the map has no room for is a drop.
Status Translator::dynamic(uint32_t pc, uint8_t op, dif_instr_t in) {
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
  bool strval = v->dtdv_type.dtdt_kind == DIF_TYPE_STRING && (v->dtdv_type.dtdt_flags & DIF_TF_BYUREF) == 0 &&
                s_ != nullptr && env_.dyn->sval_map_fd >= 0 && !strkey;
  bool ref = v->dtdv_type.dtdt_kind == DIF_TYPE_CTF && v->dtdv_type.dtdt_flags == DIF_TF_BYREF &&
             uses_pool() && v->dtdv_type.dtdt_size <= env_.dyn->ref_size;
  if (!strval && !ref &&
      (v->dtdv_type.dtdt_kind != DIF_TYPE_CTF || v->dtdv_type.dtdt_flags != 0 || v->dtdv_type.dtdt_size > 8))
    return make_error(unsupported(std::string(thread ? "a thread-local variable" : "an associative array") +
                                  " whose value is by reference (or a string, with a string key)"));
  if (strkey && (s_ == nullptr || env_.dyn->str_map_fd < 0 || (tuple_refs_ & (tuple_refs_ - 1)) != 0))
    return make_error(unsupported("an associative array key of more than one string"));
  int16_t key = array ? kTupleKey : kThreadKey;
  if (!array) zero_key(key);
  if (array) read_ctf_keys(pc);
  emit_imm64(kR1, static_cast<uint64_t>(scope) << 32 | (ref ? kDynRefKey : 0) | id);
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
  if (ref) return dynamic_ref(pc, load, map, key, v->dtdv_type.dtdt_size, in);
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
  count_drop();
  land(done);
  land(stored);
  return Ok{};
}

// The key of a tuple with a string (dynvars.h) in scmp's buffers, its
// address at kThreadKey (free while an array is used): the stack's key
// with the string's slot 0, then the string, at most strsize - 1 bytes
// (zeros after it), as the module's key_put() copies it; unreadable,
// it faults BADADDR at its address.
void Translator::string_key(uint32_t pc) {
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
void Translator::string_value(uint32_t pc) {
  first_element(s_->compare_fd);
  emit(alu_imm(BPF_ADD, kR0, kCompareBuf));
  emit(store64(kFp, kKey, kR0));
  string_at_r0(pc);
  emit(load64(kR3, kFp, kKey));
}

// The string at kLoadBuf's address into strsize bytes at R0, zeros
// after its NUL; unreadable, BADADDR at its address.
void Translator::string_at_r0(uint32_t pc) {
  for (uint32_t off = 0; off < s_->strsize; off += 8) emit(store64_imm(kR0, static_cast<int16_t>(off), 0));
  emit(mov_reg(kR1, kR0));
  emit(mov_imm(kR2, static_cast<int32_t>(s_->strsize)));
  emit(load64(kR3, kFp, kLoadBuf));
  emit(call(BPF_FUNC_probe_read_kernel_str));
  fault_unless_read(pc, kLoadBuf);
}

// helper(map fd, the key, R3, R4 as they are): the key at fp + key, or
// (kStringKey) at the address kThreadKey holds.
void Translator::map_call(int32_t helper, int fd, int16_t key) {
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
Status Translator::scmp(uint32_t pc, unsigned r1, unsigned r2) {
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

// Faults BADADDR at the address in the stack slot at (by default the
// first argument's) unless the helper that read there returned >= 0.
void Translator::fault_unless_read(uint32_t pc, int16_t at) {
  size_t read = jump_here(jmp_imm(BPF_JSGE, kR0, 0, 0));
  emit(load64(kR1, kFp, at));
  emit(store64(kFrame, kFrameFaultAddr, kR1));
  fault_keep_addr(DTRACEFLT_BADADDR, pc);
  land(read);
}

// strlen(s): its bytes before the NUL, at most strsize - 1, as the
// module's dtrace_dif_strlen(); read into scmp's first buffer.
Status Translator::strlen_(uint32_t pc, unsigned rd) {
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
Status Translator::store_string(uint32_t pc, int16_t off) {
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
Status Translator::sets(uint32_t pc, uint32_t i, unsigned rd) {
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
Status Translator::execname(unsigned rd) {
  first_element(s_->comm_fd);
  put(rd, kR0);
  emit(mov_reg(kR1, kR0));
  emit(mov_imm(kR2, kCommSize));
  emit(call(BPF_FUNC_get_current_comm));
  return Ok{};
}

}  // namespace dtrace::bpf::detail
