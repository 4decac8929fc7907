#include "util/format_spec.h"

#include <cstring>

namespace dtrace {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// One conversion from just after its '%'; `p` ends past it. Returns the
// fault, if any.
FormatFault parse_conv(std::string_view f, size_t& p, FormatConv& c) {
  size_t start = p;
  bool dot = false;
  while (p < f.size() && f[p] != '\0') {
    char ch = f[p];
    if (ch == '0' && !dot && c.width < 0) {
      c.flags += ch;
      p++;
    } else if (is_digit(ch)) {
      int n = 0;
      for (; p < f.size() && is_digit(f[p]); p++) n = n * 10 + (f[p] - '0');
      (dot ? c.prec : c.width) = n;
    } else if (std::strchr("-+ #'", ch) != nullptr) {
      c.flags += ch;
      p++;
    } else if (ch == '?') {  // DTrace: the width of a 64-bit pointer in hex
      c.width = 16;
      p++;
    } else if (ch == '.') {
      if (dot) return FormatFault::kTwoDots;
      dot = true;
      c.prec = 0;
      p++;
    } else if (ch == '*') {
      (dot ? c.prec_star : c.width_star) = true;
      p++;
    } else if (ch == '@') {
      c.agg = true;
      p++;
    } else if (ch == 'h' || ch == 'l' || ch == 'L' || ch == 'w') {
      c.size += ch;
      p++;
    } else if (ch == '$') {
      return FormatFault::kPositional;
    } else if (ch == '%' && p != start) {
      return FormatFault::kPercentFlags;
    } else {
      c.conv = ch;
      p++;
      return FormatFault::kNone;
    }
  }
  return FormatFault::kNoName;
}

}  // namespace

std::string FormatConv::c_spec(std::string_view sz, char cv) const {
  std::string f = "%" + flags;
  if (width >= 0) f += std::to_string(width);
  if (prec >= 0) f += "." + std::to_string(prec);
  f += sz;
  return f + cv;
}

size_t ParsedFormat::conversions() const {
  size_t n = 0;
  for (const FormatPiece& p : pieces) n += p.is_conv;
  return n;
}

ParsedFormat parse_format(std::string_view fmt) {
  ParsedFormat out;
  std::string lit;
  for (size_t p = 0; p < fmt.size();) {
    if (fmt[p] != '%') {
      lit += fmt[p++];
      continue;
    }
    if (!lit.empty()) out.pieces.push_back({false, std::move(lit), {}}), lit.clear();
    size_t start = p++;
    FormatPiece piece{true, "", {}};
    FormatFault f = parse_conv(fmt, p, piece.conv);
    if (f != FormatFault::kNone) {
      out.fault = f;
      out.fault_conv = out.conversions() + 1;
      return out;
    }
    piece.text = std::string(fmt.substr(start, p - start));
    out.pieces.push_back(std::move(piece));
  }
  if (!lit.empty()) out.pieces.push_back({false, std::move(lit), {}});
  return out;
}

}  // namespace dtrace
