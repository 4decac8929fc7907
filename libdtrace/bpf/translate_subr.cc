// The Translator's CALL (translator.h): which subroutines are
// translated, with their arguments (the tuple's, bottom first) and the
// module's minimum counts, and those that need no memory: byte order
// and rand(). Scratch's are translate_scratch.cc's, the strings'
// translate_str.cc's (strlen() translate_vars.cc's), the addresses'
// translate_net.cc's, d_path() translate_dpath.cc's.
#include "bpf/translator.h"

namespace dtrace::bpf::detail {

namespace {

enum class Kind { kNone, kScratch, kString, kNet, kOrder, kRand, kOut, kProgeny, kPath };

struct SubrRow {
  Kind kind;
  uint32_t nargs;  // the module's minimum (dif_subr.c)
};

SubrRow subr_row(uint16_t subr) {
  switch (subr) {
    case DIF_SUBR_ALLOCA: return {Kind::kScratch, 1};
    case DIF_SUBR_COPYINSTR: return {Kind::kScratch, 1};
    case DIF_SUBR_COPYIN: return {Kind::kScratch, 2};
    case DIF_SUBR_COPYINTO:
    case DIF_SUBR_BCOPY: return {Kind::kScratch, 3};
    case DIF_SUBR_STRLEN:
    case DIF_SUBR_LLTOSTR:
    case DIF_SUBR_TOUPPER:
    case DIF_SUBR_TOLOWER: return {Kind::kString, 1};
    case DIF_SUBR_STRJOIN:
    case DIF_SUBR_SUBSTR:
    case DIF_SUBR_STRCHR:
    case DIF_SUBR_STRRCHR:
    case DIF_SUBR_STRSTR:
    case DIF_SUBR_INDEX:
    case DIF_SUBR_RINDEX:
    case DIF_SUBR_STRTOK: return {Kind::kString, 2};
    case DIF_SUBR_CLEANPATH:
    case DIF_SUBR_BASENAME:
    case DIF_SUBR_DIRNAME: return {Kind::kString, 1};
    case DIF_SUBR_INET_NTOA:
    case DIF_SUBR_INET_NTOA6: return {Kind::kNet, 1};
    case DIF_SUBR_INET_NTOP:
    case DIF_SUBR_LINK_NTOP: return {Kind::kNet, 2};
    case DIF_SUBR_HTONS:
    case DIF_SUBR_NTOHS:
    case DIF_SUBR_HTONL:
    case DIF_SUBR_NTOHL:
    case DIF_SUBR_HTONLL:
    case DIF_SUBR_NTOHLL: return {Kind::kOrder, 1};
    case DIF_SUBR_RAND: return {Kind::kRand, 0};
    case DIF_SUBR_COPYOUT:
    case DIF_SUBR_COPYOUTSTR: return {Kind::kOut, 3};
    case DIF_SUBR_COPYINARGS: return {Kind::kOut, 2};
    case DIF_SUBR_PROGENYOF: return {Kind::kProgeny, 1};
    case DIF_SUBR_D_PATH: return {Kind::kPath, 1};
    default: return {Kind::kNone, 0};
  }
}

// The bytes a byte-order subroutine swaps.
int32_t order_bits(uint16_t subr) {
  if (subr == DIF_SUBR_HTONS || subr == DIF_SUBR_NTOHS) return 16;
  if (subr == DIF_SUBR_HTONL || subr == DIF_SUBR_NTOHL) return 32;
  return 64;
}

}  // namespace

// Subroutine subr of the tuple's arguments, as the module's
// dtrace_dif_subr(); the tuple is empty after it, as the module's.
Status Translator::subr(uint32_t pc, uint16_t subr, unsigned rd) {
  if (subr == DIF_SUBR_SPECULATION && env_.specs != nullptr) return speculation_(rd);  // translate_spec.cc
  SubrRow row = subr_row(subr);
  bool stringy = row.kind == Kind::kString || row.kind == Kind::kNet || row.kind == Kind::kOut ||
                 row.kind == Kind::kPath || subr == DIF_SUBR_COPYINSTR;
  if (row.kind == Kind::kNone || (stringy && s_ == nullptr))
    return make_error(unsupported("subroutine " + subr_name(subr) + "()"));
  if (stringy)
    if (s_->strsize > kMaxCompare || s_->strsize == 0)
      return make_error(unsupported(subr_name(subr) + "() under strsize " + std::to_string(s_->strsize)));
  if (Status st = tuple_op(pc); !st) return st;
  if (tuple_ < row.nargs)
    return make_error("DIF instruction " + std::to_string(pc) + " calls " + subr_name(subr) + "() with " +
                      std::to_string(tuple_) + " arguments");
  Status st = Ok{};
  switch (row.kind) {
    case Kind::kScratch: st = scratch_subr(pc, subr, rd); break;
    case Kind::kString: st = string_subr(pc, subr, rd); break;
    case Kind::kNet:
      st = need_scratch();
      if (st) net_subr(pc, subr, rd);
      break;
    case Kind::kOrder:  // the module's bswap(), on a little-endian machine
      emit(load64(kR1, kFp, static_cast<int16_t>(kTupleKey + 16)));
      emit(make(BPF_ALU | BPF_END | BPF_TO_BE, kR1, 0, 0, order_bits(subr)));
      put(rd, kR1);
      break;
    case Kind::kRand:  // a 31-bit int, as the module's (its sequence is its own)
      emit(call(BPF_FUNC_get_prandom_u32));
      emit(alu_imm(BPF_AND, kR0, 0x7fffffff));
      put(rd, kR0);
      break;
    case Kind::kOut:  // translate_user.cc; copyout()'s result 0, as the module's
      if (subr == DIF_SUBR_COPYINARGS) {
        st = need_scratch();
        if (st) copyinargs(pc, rd);
        break;
      }
      if (subr == DIF_SUBR_COPYOUT) copyout_(pc);
      else copyoutstr_(pc);
      emit(mov_imm(kR1, 0));
      put(rd, kR1);
      break;
    case Kind::kProgeny: st = progenyof(rd); break;  // translate_user.cc
    case Kind::kPath: st = d_path_(pc, rd); break;   // translate_dpath.cc
    case Kind::kNone: break;
  }
  tuple_ = 0;
  tuple_refs_ = 0;
  tuple_ctf_ = 0;
  zero_key(kTupleKey);
  return st;
}

std::string Translator::subr_name(uint16_t subr) {
  switch (subr) {
#define DIF_SUBR(name, id, d_name) \
  case id:                         \
    return d_name;
#include "dtrace/dif_subrs.def"
#undef DIF_SUBR
    default: return "#" + std::to_string(subr);
  }
}

}  // namespace dtrace::bpf::detail
