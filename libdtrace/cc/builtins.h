// Tables of what D provides without declarations: built-in variables
// (from dif_vars.def), subroutines with their prototypes (ids from
// dif_subrs.def), actions and aggregating functions (actions.def).
#pragma once

#include <cstdint>
#include <string_view>

namespace dtrace::cc {

struct BuiltinVar {
  const char* name;
  uint16_t id;
  const char* type;  // D type name
  bool is_array;     // args[], regs[], uregs[]
};
const BuiltinVar* find_builtin_var(std::string_view name);
const BuiltinVar* builtin_var_by_id(uint16_t id);

// Parameter and result types are D type names; "string" also accepts
// char pointers and arrays, "void *" accepts any pointer or integer,
// "any" anything scalar or string.
struct SubrProto {
  const char* name;
  uint16_t id;
  const char* ret;
  const char* params[4];
  int min_args;
  int max_args;
  bool destructive;
  bool available = true;  // false: not on Linux (msgdsize, msgsize, ddi_pathname)
};
const SubrProto* find_subr(std::string_view name);
const SubrProto* subr_by_id(uint16_t id);

enum class ActFamily : uint8_t { Data, Agg, Other };

struct ActionProto {
  const char* name;
  uint16_t kind;  // DTRACEACT_*
  int min_args;
  int max_args;  // -1: variadic
  ActFamily family;
};
const ActionProto* find_action(std::string_view name);   // trace, printf, exit, ...
const ActionProto* find_aggfunc(std::string_view name);  // count, sum, ...
const char* action_name(uint16_t kind);                  // from actions.def, "" if none
// stack(), ustack(), jstack(), sym(), func(), mod(), usym(), ufunc(),
// umod(), uaddr(): actions whose value may also be an aggregation key or
// a printf-family argument.
bool is_stack_or_symbol(std::string_view name);

}  // namespace dtrace::cc
