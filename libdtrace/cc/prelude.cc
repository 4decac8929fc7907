#include "cc/prelude.h"

#if defined(__x86_64__)
#include <sys/user.h>

#include <cstddef>
#endif

extern "C" {
#include "dtrace/faults.h"
}

namespace dtrace::cc {
namespace {

struct Reg {
  const char* name;
  const char* value;  // a number or another R_ name
};

#if defined(__x86_64__)
// uregs[n] is the nth 64-bit word of the thread's struct pt_regs (the
// module reads it so); the numbers are those of DTrace on Linux, which
// follow pt_regs too. DS .. TRAPNO lie past pt_regs: the module reads
// them from the thread. The i386 names and R_PC/R_SP/R_FP alias them.
constexpr Reg kRegs[] = {
    {"R_R15", "0"},     {"R_R14", "1"},     {"R_R13", "2"},     {"R_R12", "3"},     {"R_RBP", "4"},
    {"R_RBX", "5"},     {"R_R11", "6"},     {"R_R10", "7"},     {"R_R9", "8"},      {"R_R8", "9"},
    {"R_RAX", "10"},    {"R_RCX", "11"},    {"R_RDX", "12"},    {"R_RSI", "13"},    {"R_RDI", "14"},
    {"R_ERR", "15"},    {"R_RIP", "16"},    {"R_CS", "17"},     {"R_RFL", "18"},    {"R_RSP", "19"},
    {"R_SS", "20"},     {"R_DS", "21"},     {"R_ES", "22"},     {"R_FS", "23"},     {"R_GS", "24"},
    {"R_TRAPNO", "25"}, {"R_EAX", "R_RAX"}, {"R_EBX", "R_RBX"}, {"R_ECX", "R_RCX"}, {"R_EDX", "R_RDX"},
    {"R_ESI", "R_RSI"}, {"R_EDI", "R_RDI"}, {"R_EBP", "R_RBP"}, {"R_EIP", "R_RIP"}, {"R_EFL", "R_RFL"},
    {"R_ESP", "R_RSP"}, {"R_PC", "R_RIP"},  {"R_SP", "R_RSP"},  {"R_FP", "R_RBP"},  {"R_PS", "R_RFL"},
    {"R_R0", "R_RAX"},  {"R_R1", "R_RBX"},
};
// user_regs_struct starts as pt_regs does.
static_assert(offsetof(user_regs_struct, r15) == 0 * 8);
static_assert(offsetof(user_regs_struct, rbp) == 4 * 8);
static_assert(offsetof(user_regs_struct, rax) == 10 * 8);
static_assert(offsetof(user_regs_struct, orig_rax) == 15 * 8);
static_assert(offsetof(user_regs_struct, rip) == 16 * 8);
static_assert(offsetof(user_regs_struct, rsp) == 19 * 8);
static_assert(offsetof(user_regs_struct, ss) == 20 * 8);
#elif defined(__aarch64__)
// struct user_pt_regs: x0 .. x30, sp, pc, pstate.
constexpr Reg kRegs[] = {
    {"R_X0", "0"},     {"R_X1", "1"},   {"R_X2", "2"},   {"R_X3", "3"},      {"R_X4", "4"},
    {"R_X5", "5"},     {"R_X6", "6"},   {"R_X7", "7"},   {"R_X8", "8"},      {"R_X9", "9"},
    {"R_X10", "10"},   {"R_X11", "11"}, {"R_X12", "12"}, {"R_X13", "13"},    {"R_X14", "14"},
    {"R_X15", "15"},   {"R_X16", "16"}, {"R_X17", "17"}, {"R_X18", "18"},    {"R_X19", "19"},
    {"R_X20", "20"},   {"R_X21", "21"}, {"R_X22", "22"}, {"R_X23", "23"},    {"R_X24", "24"},
    {"R_X25", "25"},   {"R_X26", "26"}, {"R_X27", "27"}, {"R_X28", "28"},    {"R_X29", "29"},
    {"R_X30", "30"},   {"R_SP", "31"},  {"R_PC", "32"},  {"R_PSTATE", "33"}, {"R_FP", "R_X29"},
    {"R_LR", "R_X30"},
};
#endif

}  // namespace

std::string prelude_text() {
  // DTrace wires NULL in; its size is an int's (sizeof (NULL) is 4 there).
  std::string s = "inline int NULL = 0;\n";
  // DTrace's name for code 0 is DTRACEFLT_UNKNOWN.
  s += "inline int DTRACEFLT_UNKNOWN = 0;\n";
#define DTRACEFLT(code, name, msg) \
  if (code != 0) s += "inline int DTRACEFLT_" #name " = " + std::to_string(code) + ";\n";
#include "dtrace/faults.def"
#undef DTRACEFLT
  for (const Reg& r : kRegs) s += std::string("inline int ") + r.name + " = " + r.value + ";\n";
  return s;
}

}  // namespace dtrace::cc
