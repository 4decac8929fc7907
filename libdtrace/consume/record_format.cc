#include "consume/record_format.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <ctime>

#include "consume/ksyms.h"
#include "consume/tracemem.h"
#include "consume/usyms.h"

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

std::string hex(uint64_t v) { return sprintf_string("0x%llx", static_cast<unsigned long long>(v)); }

// One parsed conversion specification: %[flags][width][.prec][len]conv.
struct Spec {
  std::string flags;
  int width = -1;
  int prec = -1;
  bool width_star = false, prec_star = false;
  std::string len;  // h, hh, l, ll, L, j, z, t
  char conv = 0;
};

// %hd/%hhd and friends narrow the value as C's promotions would.
int64_t narrow_signed(const Spec& s, int64_t v) {
  if (s.len == "hh") return static_cast<int8_t>(v);
  if (s.len == "h") return static_cast<int16_t>(v);
  return v;
}

uint64_t narrow_unsigned(const Spec& s, uint64_t v) {
  if (s.len == "hh") return static_cast<uint8_t>(v);
  if (s.len == "h") return static_cast<uint16_t>(v);
  return v;
}

// %S: the string with unprintable characters escaped.
std::string escaped(const std::string& in) {
  std::string out;
  for (unsigned char c : in) {
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      default:
        if (c >= 0x20 && c < 0x7f) out += static_cast<char>(c);
        else {
          char b[8];
          std::snprintf(b, sizeof b, "\\%03o", c);
          out += b;
        }
    }
  }
  return out;
}

// %Y: nanoseconds since the epoch as "2026 Nov 22 04:16:06" (local time).
std::string walltime(uint64_t ns) {
  time_t sec = static_cast<time_t>(ns / 1000000000ull);
  struct tm tm {};
  localtime_r(&sec, &tm);
  char b[64];
  std::strftime(b, sizeof b, "%Y %b %e %T", &tm);
  return b;
}

std::string with_spec(const Spec& s, const char* len, char conv) {
  std::string f = "%" + s.flags;
  if (s.width >= 0) f += std::to_string(s.width);
  if (s.prec >= 0) f += "." + std::to_string(s.prec);
  return f + len + conv;
}

std::string as_text(const Spec& s, const std::string& text) {
  return sprintf_string(with_spec(s, "", 's').c_str(), text.c_str());
}

// %e %f %g: float, double and long double data are read as such (the
// compiler lets only floating-point types through); other data as integers.
long double as_floating(const Datum& d) {
  const std::string ct = d.type ? d.type->ctype : std::string();
  if (ct == "float" && d.bytes.size() == sizeof(float)) {
    float v;
    std::memcpy(&v, d.bytes.data(), sizeof v);
    return v;
  }
  if (ct == "double" && d.bytes.size() == sizeof(double)) {
    double v;
    std::memcpy(&v, d.bytes.data(), sizeof v);
    return v;
  }
  if (ct == "long double" && d.bytes.size() == sizeof(long double)) {
    long double v;
    std::memcpy(&v, d.bytes.data(), sizeof v);
    return v;
  }
  return d.type && d.type->kind == Kind::Unsigned ? static_cast<long double>(d.as_unsigned())
                                                  : static_cast<long double>(d.as_signed());
}

Result<std::string> convert(const Spec& s, const Datum& d, const TextOptions& o) {
  switch (s.conv) {
    case 'd': case 'i':
      // As DTrace: %d of an unsigned argument prints as %u (a uint16_t
      // port 41235 is not -24301).
      if (d.type && d.type->kind == Kind::Unsigned)
        return sprintf_string(with_spec(s, "ll", 'u').c_str(),
                              static_cast<unsigned long long>(narrow_unsigned(s, d.as_unsigned())));
      return sprintf_string(with_spec(s, "ll", 'd').c_str(), static_cast<long long>(narrow_signed(s, d.as_signed())));
    case 'u': case 'o': case 'x': case 'X':
      return sprintf_string(with_spec(s, "ll", s.conv).c_str(),
                            static_cast<unsigned long long>(narrow_unsigned(s, d.as_unsigned())));
    case 'c':
      return sprintf_string(with_spec(s, "", 'c').c_str(), static_cast<int>(d.as_signed() & 0xff));
    case 'p': {
      Spec h = s;
      h.flags += "#";
      return sprintf_string(with_spec(h, "ll", 'x').c_str(),
                            static_cast<unsigned long long>(d.as_unsigned()));
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
      return sprintf_string(with_spec(s, "L", s.conv).c_str(), as_floating(d));
    case 'a':
      return as_text(s, o.noresolve ? hex(d.as_unsigned()) : KernelSymbols::system().address(d.as_unsigned()));
    case 'A': {  // user address: (pid, address) from uaddr()-like records, else in the firing's process
      if (d.bytes.size() == 16 && !o.noresolve) {
        uint64_t pid = Datum{d.type, d.bytes.subspan(0, 8)}.as_unsigned();
        return as_text(s, user_address(static_cast<pid_t>(pid), Datum{d.type, d.bytes.subspan(8)}.as_unsigned()));
      }
      return as_text(s, hex(d.bytes.size() == 16 ? Datum{d.type, d.bytes.subspan(8)}.as_unsigned() : d.as_unsigned()));
    }
    case 'k': {
      auto sym = format_symbolic(d, o);
      return as_text(s, sym ? *sym : format_kernel_stack(d.bytes, o.stackindent, !o.noresolve));
    }
    case 'Y':
      return as_text(s, walltime(d.as_unsigned()));
    case 's': case 'S': {
      auto sym = format_symbolic(d, o);
      std::string str = sym ? *sym : is_string(d) ? d.as_string() : std::to_string(d.as_signed());
      return as_text(s, s.conv == 'S' ? escaped(str) : str);
    }
    default:
      return make_error(std::string("unsupported printf conversion %") + s.conv);
  }
}

}  // namespace

std::optional<std::string> format_symbolic(const Datum& d, const TextOptions& o) {
  if (!d.type || d.type->kind != Kind::Bytes) return std::nullopt;
  const std::string& t = d.type->ctype;
  auto word = [&](size_t i) {
    uint64_t v = 0;
    if (d.bytes.size() >= (i + 1) * 8) std::memcpy(&v, d.bytes.data() + i * 8, 8);
    return v;
  };
  bool resolve = !o.noresolve;
  if (t == "stack") return format_kernel_stack(d.bytes, o.stackindent, resolve);
  if (t == "ustack" || t == "jstack") return format_user_stack(d.bytes, o.stackindent, resolve);
  if (t == "sym") return resolve ? KernelSymbols::system().symbol(word(0)) : hex(word(0));
  if (t == "mod") return KernelSymbols::system().module(word(0));
  pid_t pid = static_cast<pid_t>(word(0));
  if (t == "umod") return user_module(pid, word(1));
  if (!resolve && (t == "usym" || t == "ufunc" || t == "uaddr")) return hex(word(1));
  if (t == "usym" || t == "ufunc") return user_symbol(pid, word(1));
  if (t == "uaddr") return user_address(pid, word(1));
  return std::nullopt;
}

std::string format_trace(const Datum& d, bool quiet, const TextOptions& o) {
  if (auto sym = format_symbolic(d, o)) {
    bool stack = !sym->empty() && (*sym)[0] == '\n';
    return stack ? *sym : sprintf_string("  %-50s", sym->c_str());
  }
  if (is_string(d)) return quiet ? d.as_string() : sprintf_string("  %-33s", d.as_string().c_str());
  long long v = d.as_signed();
  switch (d.bytes.size()) {
    case 8: return sprintf_string(quiet ? "%lld" : " %16lld", v);
    case 4: return sprintf_string(quiet ? "%lld" : " %8lld", v);
    case 2: return sprintf_string(quiet ? "%lld" : " %5lld", v);
    case 1: return sprintf_string(quiet ? "%lld" : " %3lld", v);
    default: return format_bytes(d.bytes, quiet, o.rawbytes);
  }
}

Result<std::string> format_printf(std::string_view fmt, std::span<const Datum> args,
                                  const TextOptions& o) {
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
    while (i < fmt.size() && std::strchr("hlLjzt", fmt[i])) s.len += fmt[i++];
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
    auto text = convert(s, **d, o);
    if (!text) return text.error();
    out += *text;
  }
  return out;
}

}  // namespace dtrace::consume
