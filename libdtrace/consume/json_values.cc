#include "consume/json_values.h"

#include <cmath>
#include <cstring>
#include <optional>

#include "consume/float_data.h"
#include "consume/ksyms.h"
#include "consume/usyms.h"
#include "consume/ustack_record.h"

namespace dtrace::consume {
namespace {

using Kind = cc::ValueType::Kind;

uint64_t word(std::span<const uint8_t> b, size_t i) {
  uint64_t v = 0;
  if (b.size() >= (i + 1) * 8) std::memcpy(&v, b.data() + i * 8, 8);
  return v;
}

// One frame: its address and, when resolved ("mod`sym+0xoff"), the
// module, symbol and offset, and the source file and line when known.
void frame(JsonWriter& w, uint64_t pc, const std::string& name, const std::optional<proc::SourceLine>& src) {
  w.begin_object().member_unsigned("address", pc);
  size_t tick = name.find('`');
  if (tick != std::string::npos) {
    size_t plus = name.find("+0x", tick);
    w.member("module", name.substr(0, tick));
    w.member("symbol",
             name.substr(tick + 1, plus == std::string::npos ? std::string::npos : plus - tick - 1));
    w.member_unsigned("offset",
                      plus == std::string::npos ? 0 : std::strtoull(name.c_str() + plus + 3, nullptr, 16));
  } else if (name.rfind("0x", 0) != 0) {
    w.member("module", name);  // an object without symbols
  }
  if (src) w.member("file", src->file).member("line", static_cast<int64_t>(src->line));
  w.end_object();
}

// Frames up to the first zero PC, as the text layout lists them.
// Frames resolve through o's user or kernel symbols (none: hex).
void frames(JsonWriter& w, std::span<const uint8_t> pcs, pid_t pid, bool user, const TextOptions& o) {
  UserSymbols* syms = o.noresolve ? nullptr : o.usyms;
  const KernelSymbols* ksyms = kernel_names(o);
  w.begin_array();
  for (size_t i = 0; i < pcs.size() / 8; i++) {
    uint64_t pc = word(pcs, i);
    if (pc == 0) break;
    std::string name = user && syms     ? syms->address(pid, pc)
                       : !user && ksyms ? ksyms->address(pc)
                                        : hex_address(pc);
    // A caller's frame holds its return address, which may be on the
    // line after the call: the call's last byte is looked up.
    std::optional<proc::SourceLine> src;
    if (user && syms) src = syms->source_line(pid, i == 0 ? pc : pc - 1);
    frame(w, pc, name, src);
  }
  w.end_array();
}

bool is_char(const cc::Type& t) {
  return t.kind == cc::Type::Kind::Int && t.size == 1 && t.name.find("char") != std::string::npos;
}

uint64_t load(std::span<const uint8_t> b, uint32_t size) {
  uint64_t v = 0;
  if (size <= 8 && size <= b.size()) std::memcpy(&v, b.data(), size);  // little-endian
  return v;
}

int64_t sign_extend(uint64_t v, unsigned bits) {
  if (bits > 0 && bits < 64 && (v >> (bits - 1)) & 1) v |= ~0ull << bits;
  return static_cast<int64_t>(v);
}

void integer(JsonWriter& w, uint64_t v, unsigned bits, bool is_signed) {
  if (is_signed) w.number(sign_extend(v, bits));
  else w.unsigned_number(v);
}

void members(JsonWriter& w, const cc::Type& t, std::span<const uint8_t> b) {
  w.begin_object();
  for (const cc::Type::Member& m : t.members) {
    if (!m.type || m.offset > b.size()) continue;
    w.key(m.name);
    const cc::Type* mt = m.type;
    while (mt->typedef_of) mt = mt->typedef_of;
    if (m.bits == 0 || !mt->is_int()) {
      json_typed(w, *m.type, b.subspan(m.offset));
      continue;
    }
    uint64_t raw =
        load(b.subspan(m.offset), std::min<uint32_t>(8, static_cast<uint32_t>(b.size() - m.offset)));
    uint64_t v = (raw >> m.bit_off) & (m.bits >= 64 ? ~0ull : (1ull << m.bits) - 1);
    integer(w, v, m.bits, mt->is_signed);
  }
  w.end_object();
}

}  // namespace

std::string_view symbolic_kind(const Datum& d) {
  if (!d.type || d.type->kind != Kind::Bytes) return "";
  for (std::string_view k : {"stack", "ustack", "jstack", "sym", "mod", "usym", "ufunc", "umod", "uaddr"})
    if (d.type->ctype == k) return k;
  return "";
}

void json_datum(JsonWriter& w, const Datum& d, const TextOptions& o) {
  std::string_view sk = symbolic_kind(d);
  if (sk == "stack") return frames(w, d.bytes, 0, false, o);
  if (sk == "ustack" || sk == "jstack") {  // unwound where the record carries stack bytes
    std::vector<uint64_t> pcs = ustack_record_frames(o.usyms, d.bytes, d.type->arg);
    return frames(w, {reinterpret_cast<const uint8_t*>(pcs.data()), pcs.size() * 8},
                  static_cast<pid_t>(word(d.bytes, 0)), true, o);
  }
  if (!sk.empty()) {
    w.string(*format_symbolic(d, o));
    return;
  }
  if (d.type && d.type->kind == Kind::String) {
    w.string(d.as_string());
    return;
  }
  size_t n = d.bytes.size();
  if (n != 1 && n != 2 && n != 4 && n != 8) {
    w.bytes(d.bytes);
    return;
  }
  if (d.type && (d.type->kind == Kind::Unsigned || d.type->kind == Kind::Pointer))
    w.unsigned_number(d.as_unsigned());
  else w.number(d.as_signed());
}

void json_typed(JsonWriter& w, const cc::Type& type, std::span<const uint8_t> b) {
  const cc::Type* tp = &type;
  while (tp->typedef_of) tp = tp->typedef_of;
  const cc::Type& t = *tp;
  if (b.size() < t.size) {
    w.null();
    return;
  }
  switch (t.kind) {
    case cc::Type::Kind::Int: integer(w, load(b, t.size), t.size * 8, t.is_signed); return;
    case cc::Type::Kind::Enum: {
      int64_t v = sign_extend(load(b, t.size), t.size * 8);
      for (const auto& [n, e] : t.enumerators)
        if (e == v) {
          w.string(n);
          return;
        }
      w.number(v);
      return;
    }
    case cc::Type::Kind::Pointer: w.unsigned_number(load(b, 8)); return;
    case cc::Type::Kind::Float: {
      std::optional<long double> v = float_data(b.first(t.size));
      if (v && std::isfinite(*v)) w.floating(static_cast<double>(*v));
      else w.null();  // JSON has no infinity or NaN
      return;
    }
    case cc::Type::Kind::String: {
      const char* p = reinterpret_cast<const char*>(b.data());
      w.string(std::string_view(p, strnlen(p, b.size())));
      return;
    }
    case cc::Type::Kind::Array: {
      uint32_t esize = t.base ? t.base->size : 0;
      if (t.base && is_char(*t.base)) {
        const char* p = reinterpret_cast<const char*>(b.data());
        w.string(std::string_view(p, strnlen(p, std::min<size_t>(t.nelems, b.size()))));
        return;
      }
      w.begin_array();
      for (uint32_t i = 0; t.base && esize > 0 && i < t.nelems; i++)
        json_typed(w, *t.base, b.subspan(size_t{i} * esize, esize));
      w.end_array();
      return;
    }
    case cc::Type::Kind::Struct:
    case cc::Type::Kind::Union: members(w, t, b); return;
    case cc::Type::Kind::Void:
    case cc::Type::Kind::Function: w.null(); return;
  }
}

}  // namespace dtrace::consume
