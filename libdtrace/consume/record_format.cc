#include "consume/record_format.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <ctime>

#include "consume/float_data.h"
#include "consume/ksyms.h"
#include "consume/tracemem.h"
#include "consume/usyms.h"
#include "consume/ustack_record.h"
#include "util/escape.h"

namespace dtrace::consume {

using Kind = cc::ValueType::Kind;

// A 1, 2, 4 or 8-byte integer, sign-extended (0 for any other size).
int64_t Datum::as_signed() const {
  size_t n = bytes.size();
  if (n != 1 && n != 2 && n != 4 && n != 8) return 0;
  unsigned shift = static_cast<unsigned>(64 - 8 * n);
  return static_cast<int64_t>(as_unsigned() << shift) >> shift;
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

// %hd/%hhd and friends narrow the value as C's promotions would.
int64_t narrow_signed(const FormatConv& s, int64_t v) {
  if (s.size == "hh") return static_cast<int8_t>(v);
  if (s.size == "h") return static_cast<int16_t>(v);
  return v;
}

uint64_t narrow_unsigned(const FormatConv& s, uint64_t v) {
  if (s.size == "hh") return static_cast<uint8_t>(v);
  if (s.size == "h") return static_cast<uint16_t>(v);
  return v;
}

// %S: the string with unprintable characters escaped.
constexpr ByteEscape kPercentSEscapes[] = {
    {'\n', "\\n"}, {'\t', "\\t"}, {'\r', "\\r"}, {'\\', "\\\\"}, {'"', "\\\""}};

std::string escaped(const std::string& in) { return octal_escaped(in, kPercentSEscapes); }

// %Y: nanoseconds since the epoch as "2026 Nov 22 04:16:06" and %T in
// RFC 822's form, "Sun, 22 Nov 2026 04:16:06 UTC" (local time). %T's
// year is the ISO 8601 week-based year, as DTrace prints it: the last
// days of a December may count to the next year (0 in US/Pacific is
// "Wed, 31 Dec 1970 16:00:00 PST").
std::string walltime(uint64_t ns, const char* layout) {
  time_t sec = static_cast<time_t>(ns / 1000000000ull);
  struct tm tm {};
  localtime_r(&sec, &tm);
  char b[64];
  std::strftime(b, sizeof b, layout, &tm);
  return b;
}

std::string as_text(const FormatConv& s, const std::string& text) {
  return sprintf_string(s.c_spec("", 's').c_str(), text.c_str());
}

// %e %f %g: float, double and long double data are read as such (the
// compiler lets only floating-point types through); other data as integers.
long double as_floating(const Datum& d) {
  const std::string ct = d.type ? d.type->ctype : std::string();
  bool fp = ct == "float" || ct == "double" || ct == "long double";
  if (auto v = fp ? float_data(d.bytes) : std::nullopt) return *v;
  return d.type && d.type->kind == Kind::Unsigned ? static_cast<long double>(d.as_unsigned())
                                                  : static_cast<long double>(d.as_signed());
}

}  // namespace

Result<std::string> format_value(const FormatConv& s, const Datum& d, const TextOptions& o) {
  switch (s.conv) {
    case 'd':
    case 'i':
      // As DTrace: %d of an unsigned argument prints as %u (a uint16_t
      // port 41235 is not -24301), and so does %d of a 1- or 2-byte one,
      // as trace() prints it ((char)0xef is 239).
      if ((d.type && d.type->kind == Kind::Unsigned) || d.bytes.size() < 4)
        return sprintf_string(s.c_spec("ll", 'u').c_str(),
                              static_cast<unsigned long long>(narrow_unsigned(s, d.as_unsigned())));
      return sprintf_string(s.c_spec("ll", 'd').c_str(),
                            static_cast<long long>(narrow_signed(s, d.as_signed())));
    case 'u':
    case 'o':
    case 'x':
    case 'X':
      return sprintf_string(s.c_spec("ll", s.conv).c_str(),
                            static_cast<unsigned long long>(narrow_unsigned(s, d.as_unsigned())));
    case 'c':  // also %lc and %wc: DTrace prints the low byte
      return sprintf_string(s.c_spec("", 'c').c_str(), static_cast<int>(d.as_signed() & 0xff));
    case 'C':  // the character, escaped as in a C literal when unprintable
      return as_text(s, escaped(std::string(1, static_cast<char>(d.as_signed() & 0xff))));
    case 'P':  // a port number; DTrace names it from the services database,
               // we print the number so output does not depend on the host
      return as_text(s, std::to_string(static_cast<uint16_t>(d.as_unsigned())));
    case 'p':  // as DTrace, hex without 0x (unless the # flag asks for it)
      return sprintf_string(s.c_spec("ll", 'x').c_str(), static_cast<unsigned long long>(d.as_unsigned()));
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G': return sprintf_string(s.c_spec("L", s.conv).c_str(), as_floating(d));
    case 'a':
      return as_text(s, kernel_names(o) ? o.ksyms->address(d.as_unsigned()) : hex_address(d.as_unsigned()));
    case 'A': {  // user address: (pid, address) from uaddr()-like records, else in the firing's process
      if (d.bytes.size() == 16 && o.usyms) {
        auto pid = static_cast<pid_t>(Datum{d.type, d.bytes.subspan(0, 8)}.as_unsigned());
        uint64_t addr = Datum{d.type, d.bytes.subspan(8)}.as_unsigned();
        return as_text(s, o.noresolve ? o.usyms->unresolved(pid, addr) : o.usyms->address(pid, addr));
      }
      return as_text(s, hex_address(d.bytes.size() == 16 ? Datum{d.type, d.bytes.subspan(8)}.as_unsigned()
                                                         : d.as_unsigned()));
    }
    case 'k': {
      auto sym = format_symbolic(d, o);
      return as_text(s, sym ? *sym : format_kernel_stack(d.bytes, o.stackindent, kernel_names(o)));
    }
    case 'Y': return as_text(s, walltime(d.as_unsigned(), "%Y %b %e %T"));
    case 'T': return as_text(s, walltime(d.as_unsigned(), "%a, %d %b %G %T %Z"));
    case 's':
    case 'S':
    case 'I': {  // %I: an IP address string, printed as is (DTrace looks
                 // its host name up, which may block on DNS)
      auto sym = format_symbolic(d, o);
      std::string str = sym ? *sym : is_string(d) ? d.as_string() : std::to_string(d.as_signed());
      return as_text(s, s.conv == 'S' ? escaped(str) : str);
    }
    default: return make_error(std::string("unsupported printf conversion %") + s.name());
  }
}

std::optional<std::string> format_symbolic(const Datum& d, const TextOptions& o) {
  if (!d.type || d.type->kind != Kind::Bytes) return std::nullopt;
  const std::string& t = d.type->ctype;
  auto word = [&](size_t i) {
    uint64_t v = 0;
    if (d.bytes.size() >= (i + 1) * 8) std::memcpy(&v, d.bytes.data() + i * 8, 8);
    return v;
  };
  bool resolve = !o.noresolve;
  if (t == "stack") return format_kernel_stack(d.bytes, o.stackindent, kernel_names(o));
  if (t == "ustack" || t == "jstack")
    return format_ustack_record(o.usyms, d.bytes, d.type->arg, o.stackindent, resolve);
  if (t == "sym") return kernel_names(o) ? o.ksyms->symbol(word(0)) : hex_address(word(0));
  if (t == "mod") return o.ksyms ? o.ksyms->module(word(0)) : hex_address(word(0));
  pid_t pid = static_cast<pid_t>(word(0));
  UserSymbols* u = o.usyms;
  if (t == "umod") return u ? u->module(pid, word(1)) : hex_address(word(1));
  if (!u && (t == "usym" || t == "ufunc" || t == "uaddr")) return hex_address(word(1));
  if (!resolve && (t == "usym" || t == "ufunc" || t == "uaddr"))
    return u->unresolved(pid, word(1), t != "uaddr");
  if (t == "usym" || t == "ufunc") return u->symbol(pid, word(1));
  if (t == "uaddr") return u->address(pid, word(1));
  return std::nullopt;
}

std::string format_trace(const Datum& d, bool quiet, const TextOptions& o) {
  if (auto sym = format_symbolic(d, o)) {
    bool stack = !sym->empty() && (*sym)[0] == '\n';
    return stack ? *sym : sprintf_string("  %-50s", sym->c_str());
  }
  if (is_string(d)) return quiet ? d.as_string() : sprintf_string("  %-33s", d.as_string().c_str());
  // By record size, as DTrace: 1 and 2 bytes unsigned ((char)-3 is 253).
  long long v = d.bytes.size() < 4 ? static_cast<long long>(d.as_unsigned()) : d.as_signed();
  switch (d.bytes.size()) {
    case 8: return sprintf_string(quiet ? "%lld" : " %16lld", v);
    case 4: return sprintf_string(quiet ? "%lld" : " %8lld", v);
    case 2: return sprintf_string(quiet ? "%lld" : " %5lld", v);
    case 1: return sprintf_string(quiet ? "%lld" : " %3lld", v);
    default: return format_bytes(d.bytes, quiet, o.rawbytes);
  }
}

Result<FormatConv> resolve_stars(FormatConv c, std::span<const Datum> args, size_t& next) {
  if (c.width_star) {
    if (next >= args.size()) return make_error("missing width argument for %" + c.name());
    long long v = args[next++].as_signed();
    if (v < 0) c.flags += '-';  // as C: a negative width left-justifies
    c.width = static_cast<int>(v < 0 ? -v : v);
  }
  if (c.prec_star) {
    if (next >= args.size()) return make_error("missing precision argument for %" + c.name());
    c.prec = static_cast<int>(args[next++].as_signed());  // negative: none
  }
  // As DTrace builds the format it hands to printf: a precision of 0,
  // written or from an argument, is none ("%.0s" prints the whole string).
  if (c.prec == 0) c.prec = -1;
  return c;
}

Result<std::string> format_printf(std::string_view fmt, std::span<const Datum> args, const TextOptions& o) {
  ParsedFormat pf = parse_format(fmt);
  if (pf.fault != FormatFault::kNone) return make_error("printf format has a malformed conversion");
  std::string out;
  size_t next = 0;
  for (const FormatPiece& p : pf.pieces) {
    if (!p.is_conv || p.conv.conv == '%') {
      out += p.is_conv ? "%" : p.text;
      continue;
    }
    auto c = resolve_stars(p.conv, args, next);
    if (!c) return c.error();
    if (next >= args.size()) return make_error("missing argument for %" + p.conv.name());
    auto text = format_value(*c, args[next++], o);
    if (!text) return text.error();
    out += *text;
  }
  return out;
}

}  // namespace dtrace::consume
