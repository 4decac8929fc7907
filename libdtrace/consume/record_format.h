// Turns record bytes into text the way dtrace(1) prints them: trace()
// data in the default and quiet layouts, and printf-style formats.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cc/program.h"
#include "util/format_spec.h"
#include "util/result.h"

namespace dtrace::consume {

class UserSymbols;
class KernelSymbols;

// One recorded value with the type the compiler gave it.
struct Datum {
  const cc::ValueType* type = nullptr;
  std::span<const uint8_t> bytes;

  int64_t as_signed() const;
  uint64_t as_unsigned() const;
  std::string as_string() const;  // up to the first NUL
};

// The options that change how values print: stackindent (blanks before
// each stack frame), noresolve (code addresses as hex, not symbols; mod()
// and umod() still name the module) and rawbytes (trace() of by-reference
// data always as a hex dump).
struct TextOptions {
  // The session's user and kernel symbols; null: addresses print in hex.
  UserSymbols* usyms = nullptr;
  const KernelSymbols* ksyms = nullptr;
  uint32_t stackindent = 14;
  bool noresolve = false;
  bool rawbytes = false;
};

// The kernel symbols that name o's kernel addresses: none (hex) with -x
// noresolve.
inline const KernelSymbols* kernel_names(const TextOptions& o) { return o.noresolve ? nullptr : o.ksyms; }

// stack(), ustack(), jstack(), sym(), mod(), usym(), umod(), uaddr()
// values (recognised by their ValueType::ctype): stacks as "\n" and one
// indented frame per line, the others as bare text; nullopt otherwise.
std::optional<std::string> format_symbolic(const Datum& d, const TextOptions& o = {});

// trace(): " %16lld", " %8d", " %5d", " %3d" by size and "  %-33s" for
// strings; quiet mode prints the bare value. Data of other sizes (structs,
// arrays) as format_bytes() prints it.
std::string format_trace(const Datum& d, bool quiet, const TextOptions& o = {});

// printf(): the format (util/format_spec.h) applied to recorded
// arguments. Errors name the conversion that has no argument.
Result<std::string> format_printf(std::string_view fmt, std::span<const Datum> args,
                                  const TextOptions& o = {});

// The pieces printf() and printa() share. resolve_stars: a conversion's
// `*` width and precision taken from args[next...] (next moves past
// them). format_value: one value under a conversion whose stars are
// resolved, as DTrace prints it (%d of an unsigned type as %u, %a as a
// kernel symbol, %Y as a date, ...).
Result<FormatConv> resolve_stars(FormatConv c, std::span<const Datum> args, size_t& next);
Result<std::string> format_value(const FormatConv& c, const Datum& d, const TextOptions& o = {});

}  // namespace dtrace::consume
