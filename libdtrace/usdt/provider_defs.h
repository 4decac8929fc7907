// USDT provider definitions (`provider p { probe name(args); };`) read
// from a D program for dtrace -h and -G. Only the parse pass runs (after
// cpp with -C): clauses in the same file are neither checked nor
// compiled here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cc/compiler.h"
#include "util/result.h"

namespace dtrace::usdt {

struct ProbeDef {
  std::string name;                   // as written: "query__start"
  std::vector<std::string> argtypes;  // C types: "char *", "int"
  int line = 0;
};

struct ProviderDef {
  std::string name;
  std::vector<ProbeDef> probes;
};

// Errors carry DTrace's tags (D_PROV_PRDUP, D_PROV_PRARGLEN, ...).
Result<std::vector<ProviderDef>> read_provider_defs(std::string_view source,
                                                    const cc::CompileOptions& options);

// DTrace's probe name for a C name: "query__start" -> "query-start".
std::string probe_name(std::string_view c_name);

// The most arguments a USDT probe site passes: six in the ABI argument
// registers, the rest on the stack (usdt/dtrace_sdt.h); <sys/sdt.h>'s 12.
constexpr size_t kMaxSiteArgs = 12;

}  // namespace dtrace::usdt
