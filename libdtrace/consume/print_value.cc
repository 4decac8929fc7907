#include "consume/print_value.h"

#include <cstdio>
#include <cstring>
#include <optional>

#include "consume/float_data.h"

namespace dtrace::consume {

namespace {

using cc::Type;

std::string indent(int depth) { return std::string(static_cast<size_t>(4 * depth), ' '); }

bool is_char(const Type& t) {
  return t.kind == Type::Kind::Int && t.size == 1 && t.name.find("char") != std::string::npos;
}

uint64_t load(std::span<const uint8_t> b, uint32_t size) {
  uint64_t v = 0;
  if (size <= 8 && size <= b.size()) std::memcpy(&v, b.data(), size);  // little-endian
  return v;
}

int64_t load_signed(std::span<const uint8_t> b, uint32_t size) {
  uint64_t v = load(b, size);
  if (size > 0 && size < 8 && (v >> (size * 8 - 1)) & 1) v |= ~0ull << (size * 8);
  return static_cast<int64_t>(v);
}

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%#llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string char_literal(uint8_t c) {
  char buf[8];
  if (c == 0) return "'\\0'";
  if (c >= ' ' && c <= '~') std::snprintf(buf, sizeof buf, "'%c'", c);
  else std::snprintf(buf, sizeof buf, "'\\%03o'", c);
  return buf;
}

// The text of a char array when it holds a printable string (NUL-ended or
// filling the array); nothing otherwise.
bool as_text(std::span<const uint8_t> b, std::string& out) {
  size_t n = 0;
  while (n < b.size() && b[n] != 0) {
    if (b[n] < ' ' || b[n] > '~') return false;
    n++;
  }
  out.assign(reinterpret_cast<const char*>(b.data()), n);
  return true;
}

class Printer {
 public:
  std::string out;

  // `name` empty: the top-level value (no " = "); brief: an array element
  // (no type or name).
  void item(const Type& t, std::span<const uint8_t> b, int depth, const std::string& name, bool brief) {
    if (!brief) {
      out += indent(depth) + t.name;
      out += name.empty() ? " " : " " + name + " = ";
    }
    value(t, b, depth);
  }

 private:
  // Signed, in exponent form, with every digit the type holds.
  void floating(const Type& t, std::span<const uint8_t> b) {
    std::optional<long double> v = float_data(b.first(t.size));
    char buf[64];
    if (!v) std::snprintf(buf, sizeof buf, "<%u-byte float>", t.size);
    else if (t.size == sizeof(float)) std::snprintf(buf, sizeof buf, "%+.7e", static_cast<double>(*v));
    else if (t.size == sizeof(double)) std::snprintf(buf, sizeof buf, "%+.16e", static_cast<double>(*v));
    else std::snprintf(buf, sizeof buf, "%+.16LE", *v);
    out += buf;
  }

  void value(const Type& t, std::span<const uint8_t> b, int depth) {
    if (b.size() < t.size) {
      out += "<truncated>";
      return;
    }
    switch (t.kind) {
      case Type::Kind::Int: out += is_char(t) ? char_literal(b[0]) : hex(load(b, t.size)); return;
      case Type::Kind::Enum: {
        int64_t v = load_signed(b, t.size);
        for (const auto& [n, e] : t.enumerators)
          if (e == v) {
            out += n;
            return;
          }
        out += std::to_string(v);
        return;
      }
      case Type::Kind::Pointer: out += hex(load(b, 8)); return;
      case Type::Kind::Float: floating(t, b); return;
      case Type::Kind::String: {
        const char* p = reinterpret_cast<const char*>(b.data());
        out += "\"" + std::string(p, strnlen(p, b.size())) + "\"";
        return;
      }
      case Type::Kind::Array: array(t, b, depth); return;
      case Type::Kind::Struct:
      case Type::Kind::Union: members(t, b, depth); return;
      case Type::Kind::Void:
      case Type::Kind::Function:  // never a recorded value (only pointers to one)
        out += "<void>";
        return;
    }
  }

  void array(const Type& t, std::span<const uint8_t> b, int depth) {
    std::string text;
    if (t.base && is_char(*t.base) && as_text(b.subspan(0, t.nelems), text)) {
      out += "[ \"" + text + "\" ]";
      return;
    }
    out += "[ ";
    uint32_t esize = t.base ? t.base->size : 0;
    for (uint32_t i = 0; t.base && esize > 0 && i < t.nelems; i++) {
      if (i) out += ", ";
      item(*t.base, b.subspan(size_t{i} * esize, esize), depth, "", true);
    }
    out += " ]";
  }

  void members(const Type& t, std::span<const uint8_t> b, int depth) {
    out += "{";
    for (const Type::Member& m : t.members) {
      if (!m.type || m.offset > b.size()) continue;
      out += "\n";
      item(*m.type, b.subspan(m.offset), depth + 1, m.name, false);
    }
    out += "\n" + indent(depth) + "}";
  }
};

}  // namespace

std::string format_print(const cc::Type& type, std::span<const uint8_t> bytes) {
  Printer p;
  p.item(type, bytes, 0, "", false);
  return p.out;
}

}  // namespace dtrace::consume
