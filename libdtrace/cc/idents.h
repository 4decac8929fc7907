// Identifiers that outlive one compile: D variables (globals, self->,
// this->), aggregations, inline constants and enumerators. A Compiler
// owns one IdentTable so every program of a dtrace run shares them, as
// DTrace does. Variable ids are allocated per scope from
// DIF_VAR_OTHER_UBASE; built-in variables keep their dif_vars.def ids.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "cc/loc.h"
#include "cc/types.h"

namespace dtrace::cc {

enum class VarScope : uint8_t { Builtin, Global, Thread, Local };

struct VarInfo {
  std::string name;
  VarScope scope = VarScope::Global;
  uint16_t id = 0;
  bool is_array = false;          // associative array (or built-in array)
  const Type* type = nullptr;     // value type; null until first assignment
  std::vector<const Type*> keys;  // associative arrays: key types
  bool keys_known = false;
  bool declared = false;        // by a D declaration
  Loc loc;                      // where it was created
  std::string display() const;  // "x", "self->x", "this->x"
};

struct AggInfo {
  std::string name;    // without '@'
  uint32_t index = 0;  // Program::aggs index (stable per Compiler)
  uint16_t func = 0;   // DTRACEACT_AGG_*; 0 until first use
  std::vector<const Type*> keys;
  std::vector<uint16_t> key_kinds;  // per key: DTRACEACT_STACK etc., or 0
  std::vector<uint64_t> key_args;   // per key: frames of a stack key
  bool keys_known = false;
  uint64_t arg = 0;  // lquantize/llquantize parameters
  bool has_arg = false;
  Loc loc;
};

// An inline (or enumerator): a named constant or expression. A
// parameterized inline (`inline string f[int x] = ...`) is used as f[e]:
// its expression is typed once with each parameter bound to its declared
// type, and each use computes the arguments, converted to those types,
// into registers the parameters read (as a translator's input).
namespace ast {
struct Expr;
}

struct InlineInfo {
  std::string name;
  const Type* type = nullptr;
  bool is_const = false;
  int64_t value = 0;
  ast::Expr* expr = nullptr;  // non-constant inlines: the typed expression
  bool pending = false;       // expr not typed yet (D library: typed at first use)
  bool completing = false;    // being typed: a use now is a cycle
  Loc decl_loc;
  std::vector<std::string> params;       // parameterized: formal names
  std::vector<const Type*> param_types;  // and their types
  bool parameterized() const { return !params.empty(); }
};

// A translator: how to compute each member of `out` from a value of type
// `in`. Member expressions name the input through the Ident bound to it
// (ast::Ident::xlate_arg). D library translators are checked at first use.
namespace ast {
struct Translator;
}

struct TranslatorInfo {
  ast::Translator* decl = nullptr;
  const Type* out = nullptr;  // struct or union
  const Type* in = nullptr;   // null until resolved
  bool checked = false;       // members typed
  bool failed = false;        // checking them reported an error
  bool checking = false;      // being checked: not usable in its own members
  std::map<std::string, ast::Expr*, std::less<>> members;
};

class IdentTable {
 public:
  VarInfo* find(VarScope scope, std::string_view name);
  VarInfo* create(VarScope scope, std::string name, Loc loc);
  const std::deque<VarInfo>& vars() const { return vars_; }

  AggInfo* find_agg(std::string_view name);
  AggInfo* create_agg(std::string name, Loc loc);
  const std::deque<AggInfo>& aggs() const { return aggs_; }

  InlineInfo* find_inline(std::string_view name);
  InlineInfo* create_inline(std::string name);

  TranslatorInfo* create_translator();
  std::deque<TranslatorInfo>& translators() { return translators_; }

  // Ids per scope exhausted (D_ID_OFLOW) when this returns false.
  bool ids_left(VarScope scope) const;

 private:
  std::deque<VarInfo> vars_;
  std::map<std::string, VarInfo*, std::less<>> by_name_[4];
  uint32_t next_id_[4] = {0, 0x500, 0x500, 0x500};
  std::deque<AggInfo> aggs_;
  std::map<std::string, AggInfo*, std::less<>> agg_by_name_;
  std::deque<InlineInfo> inlines_;
  std::map<std::string, InlineInfo*, std::less<>> inline_by_name_;
  std::deque<TranslatorInfo> translators_;
};

}  // namespace dtrace::cc
