#include "consume/record_format.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace dtrace::consume {

using Kind = cc::ValueType::Kind;

int64_t Datum::as_signed() const {
  switch (bytes.size()) {
    case 1: { int8_t v; std::memcpy(&v, bytes.data(), 1); return v; }
    case 2: { int16_t v; std::memcpy(&v, bytes.data(), 2); return v; }
    case 4: { int32_t v; std::memcpy(&v, bytes.data(), 4); return v; }
    case 8: { int64_t v; std::memcpy(&v, bytes.data(), 8); return v; }
    default: return 0;
  }
}

uint64_t Datum::as_unsigned() const {
  uint64_t v = 0;
  if (bytes.size() <= 8) std::memcpy(&v, bytes.data(), bytes.size());  // little-endian
  return v;
}

std::string Datum::as_string() const {
  const char* p = reinterpret_cast<const char*>(bytes.data());
  return std::string(p, strnlen(p, bytes.size()));
}

namespace {

bool is_string(const Datum& d) { return d.type && d.type->kind == Kind::String; }

template <typename... Args>
std::string sprintf_string(const char* fmt, Args... args) {
  int n = std::snprintf(nullptr, 0, fmt, args...);
  std::string s(static_cast<size_t>(n > 0 ? n : 0), '\0');
  std::snprintf(s.data(), s.size() + 1, fmt, args...);
  return s;
}

std::string hex_bytes(std::span<const uint8_t> b) {
  std::string s;
  for (uint8_t c : b) s += sprintf_string(" %02x", c);
  return s;
}

// One parsed conversion specification: %[flags][width][.prec][len]conv.
struct Spec {
  std::string flags;
  int width = -1;
  int prec = -1;
  bool width_star = false, prec_star = false;
  char conv = 0;
};

std::string with_spec(const Spec& s, const char* len, char conv) {
  std::string f = "%" + s.flags;
  if (s.width >= 0) f += std::to_string(s.width);
  if (s.prec >= 0) f += "." + std::to_string(s.prec);
  return f + len + conv;
}

Result<std::string> convert(const Spec& s, const Datum& d) {
  switch (s.conv) {
    case 'd': case 'i':
      return sprintf_string(with_spec(s, "ll", 'd').c_str(), static_cast<long long>(d.as_signed()));
    case 'u': case 'o': case 'x': case 'X':
      return sprintf_string(with_spec(s, "ll", s.conv).c_str(),
                            static_cast<unsigned long long>(d.as_unsigned()));
    case 'c':
      return sprintf_string(with_spec(s, "", 'c').c_str(), static_cast<int>(d.as_signed() & 0xff));
    case 'p': {
      Spec h = s;
      h.flags += "#";
      return sprintf_string(with_spec(h, "ll", 'x').c_str(),
                            static_cast<unsigned long long>(d.as_unsigned()));
    }
    case 's': case 'S': {
      std::string str = is_string(d) ? d.as_string() : std::to_string(d.as_signed());
      return sprintf_string(with_spec(s, "", 's').c_str(), str.c_str());
    }
    default:
      return make_error(std::string("unsupported printf conversion %") + s.conv);
  }
}

}  // namespace

std::string format_trace(const Datum& d, bool quiet) {
  if (is_string(d)) return quiet ? d.as_string() : sprintf_string("  %-33s", d.as_string().c_str());
  long long v = d.as_signed();
  switch (d.bytes.size()) {
    case 8: return sprintf_string(quiet ? "%lld" : " %16lld", v);
    case 4: return sprintf_string(quiet ? "%lld" : " %8lld", v);
    case 2: return sprintf_string(quiet ? "%lld" : " %5lld", v);
    case 1: return sprintf_string(quiet ? "%lld" : " %3lld", v);
    default: return hex_bytes(d.bytes);
  }
}

Result<std::string> format_printf(std::string_view fmt, std::span<const Datum> args) {
  std::string out;
  size_t next = 0;
  auto take = [&](Spec& s) -> Result<const Datum*> {
    if (next >= args.size())
      return make_error(std::string("missing argument for %") + s.conv);
    return &args[next++];
  };
  for (size_t i = 0; i < fmt.size(); i++) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    if (++i < fmt.size() && fmt[i] == '%') {
      out += '%';
      continue;
    }
    Spec s;
    while (i < fmt.size() && std::strchr("-+ #0'", fmt[i])) s.flags += fmt[i++];
    if (i < fmt.size() && fmt[i] == '*') { s.width_star = true; i++; }
    while (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9')
      s.width = (s.width < 0 ? 0 : s.width * 10) + (fmt[i++] - '0');
    if (i < fmt.size() && fmt[i] == '.') {
      i++;
      s.prec = 0;
      if (i < fmt.size() && fmt[i] == '*') { s.prec_star = true; i++; }
      while (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9') s.prec = s.prec * 10 + (fmt[i++] - '0');
    }
    while (i < fmt.size() && std::strchr("hlLjzt", fmt[i])) i++;  // sizes come from the record
    if (i >= fmt.size()) return make_error("printf format ends in an incomplete conversion");
    s.conv = fmt[i];
    if (s.width_star) {
      auto w = take(s);
      if (!w) return w.error();
      long long v = (*w)->as_signed();
      if (v < 0) { s.flags += '-'; v = -v; }
      s.width = static_cast<int>(v);
    }
    if (s.prec_star) {
      auto p = take(s);
      if (!p) return p.error();
      s.prec = static_cast<int>((*p)->as_signed());
    }
    auto d = take(s);
    if (!d) return d.error();
    auto text = convert(s, **d);
    if (!text) return text.error();
    out += *text;
  }
  return out;
}

}  // namespace dtrace::consume
