// The DIF-to-BPF translator's machine (translate.h is the interface):
// the stack layout a translated DIFO runs with and the Translator, whose
// members translate.cc (the instructions, arithmetic, branches, loads),
// translate_vars.cc (built-in and dynamic variables, strings),
// translate_subr.cc (subroutines), translate_scratch.cc (scratch
// memory), translate_user.cc (copyout()), translate_str.cc (string
// subroutines), translate_dpath.cc (d_path(), cwd, rootdir) and
// translate_net.cc (address subroutines) define. Only those files
// include this.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "bpf/frame.h"
#include "bpf/insn.h"
#include "bpf/translate.h"
#include "dif/ops.h"

extern "C" {
#include "dtrace/faults.h"
}

namespace dtrace::bpf::detail {

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
static_assert(kTupleKey + static_cast<int>(kDynKeySize) <= kIdsSlot);
static_assert(kThreadKey + static_cast<int>(kDynKeySize) <= kTupleKey);
constexpr int16_t kStringKey = 1;  // map_call(): the key of string_key()
// Below them, the subroutines' (translate_scratch.cc): the scratch
// element's pointer and address, a size, an offset in the element, two
// addresses.
constexpr int16_t kScrPtr = kThreadKey - 8;
constexpr int16_t kScrBase = kThreadKey - 16;
constexpr int16_t kSubN = kThreadKey - 24;
constexpr int16_t kSubP = kThreadKey - 32;
constexpr int16_t kSubA = kThreadKey - 40;
constexpr int16_t kSubB = kThreadKey - 48;
constexpr int16_t kSubC = kThreadKey - 56;
constexpr int16_t kSubD = kThreadKey - 64;
// The addresses of the tuple's structure keys (pushtr of a CTF type),
// one a key: dynamic() reads their bytes into the key's words.
constexpr int16_t kTupleAddr = kSubD - 8 * static_cast<int16_t>(kDynTupleMax);
static_assert(kTupleAddr >= -512);

// BPF registers the body keeps: the frame and the globals' element.
constexpr uint8_t kFrame = kR6;
constexpr uint8_t kGlobals = kR7;

inline std::string unsupported(const std::string& what) {
  return what + " is not supported by the bpf backend";
}

inline std::string mnemonic(uint8_t op) {
  const dif::OpInfo* info = dif::op_info(op);
  return info != nullptr ? info->mnemonic : "opcode " + std::to_string(op);
}

inline const char* builtin_name(uint32_t id) {
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

  Result<std::vector<bpf_insn>> run();

 private:
  struct Fixup {
    size_t at;        // the BPF jump
    uint32_t target;  // the DIF label it goes to
    uint32_t pc;      // the DIF branch
  };

  void emit(bpf_insn i) { out_.push_back(i); }
  void emit_imm64(uint8_t dst, uint64_t v, uint8_t src = 0);
  void get(uint8_t dst, unsigned k);
  void put(unsigned k, uint8_t src) { emit(store64(kFp, reg_slot(k), src)); }
  void get_scalar(uint8_t dst, unsigned k);
  void fault(uint16_t code, uint32_t pc);
  static constexpr size_t kFaultLen = 6;
  void fault_keep_addr(uint16_t code, uint32_t pc);

  bool uses_globals() const;

  bool uses_tuples() const;

  // The tuple is known statically (its keys' places on the stack) while
  // every path to an instruction left it the same; where paths with
  // different tuples meet, it is unknown until FLUSHTS, and using it
  // then is refused (tuple_op()).
  struct TupleState {
    uint32_t n, refs;
    uint64_t ctf;  // the structure keys' sizes, 8 bits a key (0: none)
    bool known;
    bool operator==(const TupleState&) const = default;
  };
  TupleState tuple_state() const { return {tuple_, tuple_refs_, tuple_ctf_, tuple_known_}; }
  Status push_ctf(uint32_t pc, dif_instr_t in);
  void read_ctf_keys(uint32_t pc);
  void merge_tuple(uint32_t pc);
  Status tuple_op(uint32_t pc) const;

  void prologue();

  void first_element(int fd);

  void branch(uint32_t pc, bpf_insn j, uint32_t label);

  Result<int16_t> global_slot(uint32_t pc, uint16_t id) const;

  Status refuse_op(uint32_t pc, uint8_t op);

  Status instr(uint32_t pc, dif_instr_t in);

  static bool registers_ok(dif_form form, unsigned r1, unsigned r2, unsigned rd);

  Status alu(dif_instr_t in, uint8_t bop);
  Status shift(dif_instr_t in, uint8_t bop);
  Status divide(uint32_t pc, dif_instr_t in, uint8_t bop, bool is_signed);
  Status load(uint32_t pc, unsigned k, unsigned r1, unsigned rd, int32_t helper);

  Status cond(uint32_t pc, dif_instr_t in, uint8_t jop);
  bool task_builtin(uint16_t id);
  void low32(uint8_t r);

  Status ldgs(uint32_t pc, uint16_t id, unsigned rd);

  Status refuse_builtin(uint16_t id, const std::string& why = "");

  Status stack_var(uint16_t id);
  Status builtin(uint16_t id);

  Status args_array(uint32_t pc, dif_instr_t in);

  void read_kernel(uint8_t addr, int32_t off, int32_t size);

  Status probe_string(uint16_t id, size_t i);

  Status local(uint32_t pc, uint8_t op, dif_instr_t in);
  Status local_string(uint32_t pc, uint8_t op, dif_instr_t in, int16_t flag, int16_t slot);

  void zero_key(int16_t at);
  size_t jump_here(bpf_insn j);
  void land(size_t at) { out_[at].off = static_cast<int16_t>(out_.size() - at - 1); }

  Status dynamic(uint32_t pc, uint8_t op, dif_instr_t in);
  void string_key(uint32_t pc);
  void string_value(uint32_t pc);
  void string_at_r0(uint32_t pc);
  void map_call(int32_t helper, int fd, int16_t key);

  Status scmp(uint32_t pc, unsigned r1, unsigned r2);

  Status subr(uint32_t pc, uint16_t subr, unsigned rd);
  static std::string subr_name(uint16_t subr);
  void fault_unless_read(uint32_t pc, int16_t at = kTupleKey + 16);
  Status strlen_(uint32_t pc, unsigned rd);

  // translate_scratch.cc
  Status need_scratch() const;
  void scratch_base();
  void take(uint32_t pc);
  void in_scratch(uint32_t pc, int16_t at);
  Status alloca_(uint32_t pc, unsigned sz, unsigned rd);
  Status store(uint32_t pc, uint8_t op, dif_instr_t in);
  void copy_in(uint32_t pc, int16_t src, int16_t dst, int32_t helper);
  Status copys(uint32_t pc, dif_instr_t in);
  Status scratch_subr(uint32_t pc, uint16_t subr, unsigned rd);
  Status copyinstr(uint32_t pc, unsigned rd);

  // translate_str.cc
  void arg_to(uint32_t i, int16_t to);
  void read_str(uint32_t pc, int16_t src, int32_t size);
  void scratch_at(int16_t at);
  void keep_string(unsigned rd);
  struct ByteLoop {
    size_t top, full;
  };
  ByteLoop byte_loop(int32_t size);
  void next_byte(const ByteLoop& loop);
  void back_to(size_t top);
  void strjoin(uint32_t pc, unsigned rd);
  void substr(uint32_t pc, unsigned rd);
  void lltostr(uint32_t pc, unsigned rd);
  void changecase(uint32_t pc, unsigned rd, bool up);
  void strchr_(uint32_t pc, unsigned rd, bool last);
  void kmp_step(int32_t text);
  void fall_back(int16_t flag, int16_t other);
  void copy_taken(uint32_t pc, int32_t off, int16_t w);
  void search_loop(uint32_t subr);
  void back_if(size_t top);
  void search(uint32_t pc, unsigned rd, uint16_t subr);
  void is_delim();
  void strtok(uint32_t pc, unsigned rd);
  Status string_subr(uint32_t pc, uint16_t subr, unsigned rd);

  // translate_path.cc
  void path_at(uint8_t idx);
  void path_sep();
  void path_pop();
  void path_input(uint32_t pc);
  void cleanpath(uint32_t pc, unsigned rd);
  void part_loop(int16_t below, const std::function<void()>& body);
  void part_take_if(int16_t w);
  void pathpart(uint32_t pc, unsigned rd, bool dir);

  // translate_dpath.cc: d_path(), cwd, rootdir
  void path_read(uint32_t pc, uint8_t base, int32_t off, int32_t size);
  void path_exit_if_eq(uint8_t a, uint8_t b, int32_t imm, std::vector<size_t>& exits);
  void path_walk(uint32_t pc, unsigned rd, bool top);
  Status need_paths(const std::string& what) const;
  Status d_path_(uint32_t pc, unsigned rd);
  Status fs_path(uint32_t pc, uint16_t id, unsigned rd);

  // translate_net.cc
  void net_put(int32_t c, bool reg = false);
  void net_put1(int32_t c, bool reg = false);
  void net_hex_digit();
  size_t loop_top(int16_t slot);
  void loop_back(int16_t slot, int32_t n, size_t top);
  void net_not_first(int16_t slot);
  void net_byte_at(int16_t slot, int32_t scale, int32_t off);
  void net_quad(int16_t off);
  void net_ipv6(bool prefix);
  void net_link(int32_t n);
  void net_read(uint32_t pc, int32_t n);
  void net_subr(uint32_t pc, uint16_t subr, unsigned rd);
  void keep_from_element(int16_t off, unsigned rd);

  // translate_user.cc: copyout(), copyoutstr(), copyinargs()
  void user_range(uint32_t pc);
  void copy_out(uint32_t pc, bool read);
  void copyout_(uint32_t pc);
  void copyoutstr_(uint32_t pc);
  void copyinargs(uint32_t pc, unsigned rd);
  Status progenyof(unsigned rd);
  Status uregs(uint32_t pc, dif_instr_t in);

  Status store_string(uint32_t pc, int16_t off);

  // translate_spec.cc: speculation()
  Status speculation_(unsigned rd);

  // translate_refs.cc: by-reference globals
  bool ref_global(uint16_t id) const;
  void global_address(int32_t off);
  Status ldgs_ref(uint16_t id, int16_t off, unsigned rd);
  Status stgs_ref(uint32_t pc, uint16_t id, int16_t off);
  struct RefStore {
    size_t elsewhere, done;
  };
  RefStore store_global(uint32_t n, int16_t at, unsigned val);
  bool uses_pool() const { return env_.dyn != nullptr && env_.dyn->pool_fd >= 0; }
  void pool_slot();
  void copy_ref(uint32_t pc, uint32_t size);
  void count_drop();
  Status dynamic_ref(uint32_t pc, bool load, int map, int16_t key, uint32_t size, dif_instr_t in);
  std::vector<size_t> pool_dest(int16_t at, int32_t n);
  std::vector<size_t> locals_dest(int16_t at, int32_t n);
  RefStore store_var(uint32_t n, int16_t at, unsigned val);
  // Whether the clause-locals' element holds a variable (at least 8 bytes).
  bool uses_ref_locals() const { return s_ != nullptr && s_->locals_fd >= 0 && s_->local_slots.back() > 0; }
  void local_ref_slot(int16_t flag, int16_t slot, uint32_t size);
  Status local_ref(uint32_t pc, uint8_t op, dif_instr_t in, int16_t flag, int16_t slot, uint32_t size);

  Status sets(uint32_t pc, uint32_t i, unsigned rd);
  Status execname(unsigned rd);

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
  uint64_t tuple_ctf_ = 0;   // the structure keys' sizes (TupleState::ctf)
  std::vector<Fixup> fixups_;
};

}  // namespace dtrace::bpf::detail
