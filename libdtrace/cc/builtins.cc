#include "cc/builtins.h"

#include <cstddef>
#include <string_view>
#include <type_traits>
#include <unordered_map>

extern "C" {
#include "dtrace/dtrace.h"
}

namespace dtrace::cc {
namespace {

constexpr BuiltinVar kVars[] = {
#define DIF_VAR(name, id, type, d_name) {d_name, id, type, (id) <= DIF_VAR_ARRAY_MAX},
#include "dtrace/dif_vars.def"
#undef DIF_VAR
};

// Prototypes: result, parameters, min/max argument counts.
constexpr SubrProto kSubrs[] = {
    {"rand", DIF_SUBR_RAND, "int", {}, 0, 0, false},
    {"mutex_owned", DIF_SUBR_MUTEX_OWNED, "int", {"void *"}, 1, 1, false},
    {"mutex_owner", DIF_SUBR_MUTEX_OWNER, "struct task_struct *", {"void *"}, 1, 1, false},
    {"mutex_type_adaptive", DIF_SUBR_MUTEX_TYPE_ADAPTIVE, "int", {"void *"}, 1, 1, false},
    {"mutex_type_spin", DIF_SUBR_MUTEX_TYPE_SPIN, "int", {"void *"}, 1, 1, false},
    {"rw_read_held", DIF_SUBR_RW_READ_HELD, "int", {"void *"}, 1, 1, false},
    {"rw_write_held", DIF_SUBR_RW_WRITE_HELD, "int", {"void *"}, 1, 1, false},
    {"rw_iswriter", DIF_SUBR_RW_ISWRITER, "int", {"void *"}, 1, 1, false},
    {"copyin", DIF_SUBR_COPYIN, "void *", {"uintptr_t", "size_t"}, 2, 2, false},
    {"copyinstr", DIF_SUBR_COPYINSTR, "string", {"uintptr_t", "size_t"}, 1, 2, false},
    {"speculation", DIF_SUBR_SPECULATION, "int", {}, 0, 0, false},
    {"progenyof", DIF_SUBR_PROGENYOF, "int", {"pid_t"}, 1, 1, false},
    {"strlen", DIF_SUBR_STRLEN, "size_t", {"string"}, 1, 1, false},
    {"copyout", DIF_SUBR_COPYOUT, "void", {"void *", "uintptr_t", "size_t"}, 3, 3, true},
    {"copyoutstr", DIF_SUBR_COPYOUTSTR, "void", {"string", "uintptr_t", "size_t"}, 3, 3, true},
    {"alloca", DIF_SUBR_ALLOCA, "void *", {"size_t"}, 1, 1, false},
    {"bcopy", DIF_SUBR_BCOPY, "void", {"void *", "void *", "size_t"}, 3, 3, false},
    {"copyinto", DIF_SUBR_COPYINTO, "void", {"uintptr_t", "size_t", "void *"}, 3, 3, false},
    {"msgdsize", DIF_SUBR_MSGDSIZE, "size_t", {"void *"}, 1, 1, false, false},
    {"msgsize", DIF_SUBR_MSGSIZE, "size_t", {"void *"}, 1, 1, false, false},
    {"getmajor", DIF_SUBR_GETMAJOR, "major_t", {"dev_t"}, 1, 1, false},
    {"getminor", DIF_SUBR_GETMINOR, "minor_t", {"dev_t"}, 1, 1, false},
    {"ddi_pathname", DIF_SUBR_DDI_PATHNAME, "string", {"void *", "int64_t"}, 2, 2, false, false},
    {"strjoin", DIF_SUBR_STRJOIN, "string", {"string", "string"}, 2, 2, false},
    {"lltostr", DIF_SUBR_LLTOSTR, "string", {"int64_t", "int"}, 1, 2, false},
    {"basename", DIF_SUBR_BASENAME, "string", {"string"}, 1, 1, false},
    {"dirname", DIF_SUBR_DIRNAME, "string", {"string"}, 1, 1, false},
    {"cleanpath", DIF_SUBR_CLEANPATH, "string", {"string"}, 1, 1, false},
    {"strchr", DIF_SUBR_STRCHR, "string", {"string", "char"}, 2, 2, false},
    {"strrchr", DIF_SUBR_STRRCHR, "string", {"string", "char"}, 2, 2, false},
    {"strstr", DIF_SUBR_STRSTR, "string", {"string", "string"}, 2, 2, false},
    {"strtok", DIF_SUBR_STRTOK, "string", {"string", "string"}, 2, 2, false},
    {"substr", DIF_SUBR_SUBSTR, "string", {"string", "int", "int"}, 2, 3, false},
    {"index", DIF_SUBR_INDEX, "int", {"string", "string", "int"}, 2, 3, false},
    {"rindex", DIF_SUBR_RINDEX, "int", {"string", "string", "int"}, 2, 3, false},
    {"htons", DIF_SUBR_HTONS, "uint16_t", {"uint16_t"}, 1, 1, false},
    {"htonl", DIF_SUBR_HTONL, "uint32_t", {"uint32_t"}, 1, 1, false},
    {"htonll", DIF_SUBR_HTONLL, "uint64_t", {"uint64_t"}, 1, 1, false},
    {"ntohs", DIF_SUBR_NTOHS, "uint16_t", {"uint16_t"}, 1, 1, false},
    {"ntohl", DIF_SUBR_NTOHL, "uint32_t", {"uint32_t"}, 1, 1, false},
    {"ntohll", DIF_SUBR_NTOHLL, "uint64_t", {"uint64_t"}, 1, 1, false},
    {"inet_ntop", DIF_SUBR_INET_NTOP, "string", {"int", "void *"}, 2, 2, false},
    {"inet_ntoa", DIF_SUBR_INET_NTOA, "string", {"void *"}, 1, 1, false},
    {"inet_ntoa6", DIF_SUBR_INET_NTOA6, "string", {"void *", "int"}, 1, 2, false},
    {"toupper", DIF_SUBR_TOUPPER, "string", {"string"}, 1, 1, false},
    {"tolower", DIF_SUBR_TOLOWER, "string", {"string"}, 1, 1, false},
    {"getf", DIF_SUBR_GETF, "void *", {"int"}, 1, 1, false},
    {"json", DIF_SUBR_JSON, "string", {"string", "string"}, 2, 2, false},
    {"strtoll", DIF_SUBR_STRTOLL, "int64_t", {"string", "int"}, 1, 2, false},
    {"d_path", DIF_SUBR_D_PATH, "string", {"void *"}, 1, 1, false},
    {"link_ntop", DIF_SUBR_LINK_NTOP, "string", {"int", "void *"}, 2, 2, false},
    {"copyinargs", DIF_SUBR_COPYINARGS, "string", {"uintptr_t", "size_t"}, 2, 2, false},
};

constexpr ActionProto kActions[] = {
    {"trace", DTRACEACT_DIFEXPR, 1, 1, ActFamily::Data},
    {"printf", DTRACEACT_PRINTF, 1, -1, ActFamily::Data},
    {"printa", DTRACEACT_PRINTA, 1, -1, ActFamily::Data},
    {"print", DTRACEACT_PRINT, 1, 1, ActFamily::Data},
    {"tracemem", DTRACEACT_TRACEMEM, 2, 3, ActFamily::Data},
    {"exit", DTRACEACT_EXIT, 1, 1, ActFamily::Data},
    {"stack", DTRACEACT_STACK, 0, 1, ActFamily::Data},
    {"ustack", DTRACEACT_USTACK, 0, 2, ActFamily::Data},
    {"jstack", DTRACEACT_JSTACK, 0, 2, ActFamily::Data},
    {"sym", DTRACEACT_SYM, 1, 1, ActFamily::Data},
    {"func", DTRACEACT_SYM, 1, 1, ActFamily::Data},
    {"mod", DTRACEACT_MOD, 1, 1, ActFamily::Data},
    {"usym", DTRACEACT_USYM, 1, 1, ActFamily::Data},
    {"ufunc", DTRACEACT_USYM, 1, 1, ActFamily::Data},
    {"umod", DTRACEACT_UMOD, 1, 1, ActFamily::Data},
    {"uaddr", DTRACEACT_UADDR, 1, 1, ActFamily::Data},
    {"setopt", DTRACEACT_SETOPT, 1, 2, ActFamily::Data},
    {"speculate", DTRACEACT_SPECULATE, 1, 1, ActFamily::Other},
    {"commit", DTRACEACT_COMMIT, 1, 1, ActFamily::Other},
    {"discard", DTRACEACT_DISCARD, 1, 1, ActFamily::Other},
    {"clear", DTRACEACT_LIBACT, 1, 1, ActFamily::Data},
    {"normalize", DTRACEACT_LIBACT, 2, 2, ActFamily::Data},
    {"denormalize", DTRACEACT_LIBACT, 1, 1, ActFamily::Data},
    {"trunc", DTRACEACT_LIBACT, 1, 2, ActFamily::Data},
    {"raise", DTRACEACT_RAISE, 1, 1, ActFamily::Data},
    {"stop", DTRACEACT_STOP, 0, 0, ActFamily::Data},
    {"system", DTRACEACT_SYSTEM, 1, -1, ActFamily::Data},
    {"freopen", DTRACEACT_FREOPEN, 1, -1, ActFamily::Data},
    {"ftruncate", DTRACEACT_FTRUNCATE, 0, 0, ActFamily::Data},
    {"chill", DTRACEACT_CHILL, 1, 1, ActFamily::Data},
    {"breakpoint", DTRACEACT_BREAKPOINT, 0, 0, ActFamily::Data},
    {"panic", DTRACEACT_PANIC, 0, 0, ActFamily::Data},
};

constexpr ActionProto kAggFuncs[] = {
    {"count", DTRACEACT_AGG_COUNT, 0, 0, ActFamily::Agg},
    {"sum", DTRACEACT_AGG_SUM, 1, 1, ActFamily::Agg},
    {"avg", DTRACEACT_AGG_AVG, 1, 1, ActFamily::Agg},
    {"min", DTRACEACT_AGG_MIN, 1, 1, ActFamily::Agg},
    {"max", DTRACEACT_AGG_MAX, 1, 1, ActFamily::Agg},
    {"stddev", DTRACEACT_AGG_STDDEV, 1, 1, ActFamily::Agg},
    {"quantize", DTRACEACT_AGG_QUANTIZE, 1, 2, ActFamily::Agg},
    {"lquantize", DTRACEACT_AGG_LQUANTIZE, 3, 5, ActFamily::Agg},
    {"llquantize", DTRACEACT_AGG_LLQUANTIZE, 5, 6, ActFamily::Agg},
};

struct ActName {
  uint16_t kind;
  const char* name;
};
constexpr ActName kActNames[] = {
#define DTRACEACT(name, code, dname) {code, dname},
#include "dtrace/actions.def"
#undef DTRACEACT
};

// The first row of table whose member Key equals k, or null.
template <auto Key, typename Row, size_t N, typename K>
const Row* row_where(const Row (&table)[N], K k) {
  for (const Row& r : table)
    if (r.*Key == k) return &r;
  return nullptr;
}

// The first row of Table named name, or null: through a hash of the
// names, built at the first call. The lexer asks at every identifier
// (look_past), and a walk comparing each row's name cost a few thousand
// instructions per identifier of the D library at every start-up.
template <const auto& Table>
const auto* row_named(std::string_view name) {
  using Row = std::remove_cvref_t<decltype(Table[0])>;
  static const std::unordered_map<std::string_view, const Row*> index = [] {
    std::unordered_map<std::string_view, const Row*> m;
    for (const Row& r : Table) m.emplace(r.name, &r);  // emplace keeps the first
    return m;
  }();
  auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

}  // namespace

const BuiltinVar* find_builtin_var(std::string_view name) {
  const BuiltinVar* v = row_named<kVars>(name);
  return v != nullptr && v->id != DIF_VAR_CURPSINFO ? v : nullptr;  // curpsinfo: procfs.d
}

const BuiltinVar* builtin_var_by_id(uint16_t id) { return row_where<&BuiltinVar::id>(kVars, id); }

const SubrProto* find_subr(std::string_view name) { return row_named<kSubrs>(name); }

const SubrProto* subr_by_id(uint16_t id) { return row_where<&SubrProto::id>(kSubrs, id); }

const ActionProto* find_action(std::string_view name) { return row_named<kActions>(name); }

const ActionProto* find_aggfunc(std::string_view name) { return row_named<kAggFuncs>(name); }

bool is_stack_or_symbol(std::string_view name) {
  for (const char* n : {"stack", "ustack", "jstack", "sym", "func", "mod", "usym", "ufunc", "umod", "uaddr"})
    if (name == n) return true;
  return false;
}

const char* action_name(uint16_t kind) {
  const ActName* a = row_where<&ActName::kind>(kActNames, kind);
  return a != nullptr ? a->name : "";
}

}  // namespace dtrace::cc
