// printf()/printa() format strings cut into literal text and conversions:
// the one reading of a format shared by the compiler's checks
// (cc/passes/printf_check.cc, cc/passes/actions.cc) and the consumer's
// output (consume/record_format.cc, consume/agg_print.cc), so that what
// compiles is what prints. The syntax is DTrace's,
//   %[flags][width][.precision][size]conversion
// where, as in DTrace, the flags "-+ #0'", '?' (as wide as a pointer
// printed in hex), '*' (width or precision from an argument) and '@'
// (printa's aggregation value) may come in any order before the
// conversion character; the size letters are h, hh, l, ll, L and w.
// Which conversions exist and what they take is the callers' business.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dtrace {

struct FormatConv {
  std::string flags;  // of "-+ #0'", in the order written
  int width = -1;     // -1: none
  int prec = -1;      // -1: none
  bool width_star = false, prec_star = false;
  bool agg = false;  // '@': the aggregation's value (printa)
  std::string size;  // h, hh, l, ll, L, w as written
  char conv = 0;     // 'd', 's', ...; '%' for "%%"

  // The name DTrace's conversion table uses: size and conversion ("lld").
  std::string name() const { return size + conv; }
  // The flags, width and precision as C's printf reads them, followed by
  // `size` and `conv`: c_spec("ll", 'x') of "%-8hx" is "%-8llx".
  std::string c_spec(std::string_view size, char conv) const;
};

// Literal text (is_conv false) or one conversion ("%%" is a conversion,
// as DTrace counts them in its messages).
struct FormatPiece {
  bool is_conv = false;
  std::string text;  // the literal, or the conversion as written
  FormatConv conv;
};

enum class FormatFault : uint8_t {
  kNone,
  kNoName,        // the format ends inside a conversion
  kTwoDots,       // more than one '.'
  kPositional,    // %n$
  kPercentFlags,  // "%-%": %% with flags
};

struct ParsedFormat {
  std::vector<FormatPiece> pieces;  // up to the fault, if any
  FormatFault fault = FormatFault::kNone;
  size_t fault_conv = 0;  // 1-based number of the conversion at fault

  size_t conversions() const;
};

ParsedFormat parse_format(std::string_view fmt);

}  // namespace dtrace
