// What the compiler produces: the tables of a program container (see
// kernel/uapi/dtrace/prog.h) in C++ form, plus what the consumer needs to
// decode the records the module will write (types, formats, names).
// prog/encode.h turns it into the blob; dif/disasm.h prints it for -S.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

extern "C" {
#include "cc/loc.h"
#include "dtrace/dtrace.h"
}

namespace dtrace::cc {

struct Type;

// How the consumer decodes a traced value: records carry bytes only.
struct ValueType {
  enum class Kind : uint8_t { Signed, Unsigned, String, Pointer, Bytes };
  Kind kind = Kind::Signed;
  uint32_t size = 8;  // bytes in the record (strings: strsize)
  std::string ctype;  // D type name as written in -S and print(): "int", "string"
  uint64_t arg = 0;   // stack records: the action's dtpa_arg (their layout)
  // print(): the full type, members completed, owned by the compiler's
  // TypeTable (valid while the Compiler that made the program lives).
  const Type* print_type = nullptr;
};

// provider:module:function:name, each a glob pattern ("" = any).
struct ProbeSpec {
  std::string provider, mod, func, name;
  uint32_t id = 0;   // dtrace -i: a probe id instead of names
  std::string text;  // as the user wrote it, for messages
  Loc loc;
  uint32_t matched = 0;  // live probes it matched when compiled (0: no device, -e)
  std::string str() const { return provider + ":" + mod + ":" + func + ":" + name; }
};

struct Difo {
  std::vector<dif_instr_t> code;
  std::vector<uint64_t> ints;
  std::string strtab;             // NUL-terminated strings back to back
  std::vector<dtrace_difv> vars;  // dtdv_name: offsets into strtab
  dtrace_diftype rtype{};
  // Which of the clause's actions, counted as DTrace counts them (every D
  // statement is one; 0 = the predicate), the code from an instruction on
  // belongs to: (first instruction, number), ascending. Statements share
  // a DIFO with an action; a fault names the one it happened in.
  std::vector<std::pair<uint32_t, uint32_t>> action_at;
};

struct Action {
  uint16_t kind = DTRACEACT_NONE;  // DTRACEACT_*
  int32_t difo = -1;               // index in Program::difos, -1 = none
  uint32_t ntuple = 0;             // continuation actions that follow
  uint64_t arg = 0;                // dtpa_arg
  std::string format;              // printf-style format, "" = none
  bool has_format = false;
  ValueType type;       // of the DIFO's value, for decoding
  uint32_t aggvar = 0;  // AGG_* heads: Program::aggs index
};

// One container clause per probe description: `a, b { }` gives two
// clauses sharing predicate and actions.
struct Clause {
  ProbeSpec probe;
  int32_t pred = -1;  // index in Program::difos
  uint32_t first_action = 0;
  uint32_t naction = 0;
  uint32_t statement = 0;  // index of the D statement it came from
  // > 0: a later part of a statement split at an if/else with actions; it
  // runs in the same probe firing right after the earlier parts (the
  // consumer continues the same output line rather than starting one).
  uint32_t part = 0;
  // Its statement has a body but none of it records data (assignments,
  // speculation(), commit(), aggregations): DTrace's module keeps no
  // record of such a firing, so dtrace prints no line for it.
  bool records_nothing = false;
};

struct AggVar {
  std::string name;                // without '@'; "" for the anonymous @
  uint16_t func = DTRACEACT_NONE;  // DTRACEACT_AGG_*
  std::vector<ValueType> keys;
};

struct Program {
  std::vector<Difo> difos;
  std::vector<Action> actions;
  std::vector<Clause> clauses;
  std::vector<AggVar> aggs;
  // `#pragma D option name[=value]` in source order, for the consumer to
  // apply exactly as it applies -x name=value.
  std::vector<std::pair<std::string, std::string>> pragma_options;
  uint32_t nstatements = 0;
};

}  // namespace dtrace::cc
