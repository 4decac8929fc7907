// Unformatted and formatted printa() output.
#include <algorithm>
#include <cstdio>
#include <cstring>

#include "consume/agg_print.h"
#include "consume/ksyms.h"
#include "consume/usyms.h"
#include "consume/record_format.h"
#include "consume/tracemem.h"

namespace dtrace::consume {
namespace {

using Kind = cc::ValueType::Kind;

std::string fmt_ll(const char* f, long long v) {
  char b[64];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

std::string fmt_str(const char* f, const std::string& s) {
  int n = std::snprintf(nullptr, 0, f, s.c_str());
  std::string out(static_cast<size_t>(n > 0 ? n : 0), '\0');
  std::snprintf(out.data(), out.size() + 1, f, s.c_str());
  return out;
}

bool is_stack_kind(uint16_t k) {
  return k == DTRACEACT_STACK || k == DTRACEACT_USTACK || k == DTRACEACT_JSTACK;
}

// Stack keys: one frame per line, indented by stackindent blanks.
std::string stack_text(uint16_t kind, std::span<const uint8_t> b, const TextOptions& t) {
  return kind == DTRACEACT_STACK ? format_kernel_stack(b, t.stackindent, kernel_names(t))
                                 : format_user_stack(t.usyms, b, t.stackindent, !t.noresolve);
}

const cc::ValueType* key_type(const AggVarDesc& d, size_t k) {
  return k < d.key_types.size() ? &d.key_types[k] : nullptr;
}

std::string words_text(const AggVarDesc& d, const std::vector<int64_t>& w, int64_t normal,
                       const AggSortOptions& o) {
  if (agg_is_histogram(d.func)) {
    std::vector<int64_t> zero;
    if (w.empty()) zero.assign(agg_value_words(d.func, d.arg), 0);
    if (!zero.empty() && d.func != DTRACEACT_AGG_QUANTIZE) zero[0] = static_cast<int64_t>(d.arg);
    return format_histogram(d.func, d.arg, w.empty() ? zero : w, normal, o.zoom, o.utf8_bars);
  }
  return fmt_ll(" %16lld", static_cast<long long>(agg_scalar(d.func, w, normal)));
}

std::string value_text(const AggVarDesc& d, const AggEntry* e, int64_t normal, const AggSortOptions& o) {
  static const std::vector<int64_t> kNone;
  return words_text(d, e ? e->value : kNone, normal, o);
}

// aggpercpu: "\n    [CPU n]" and that CPU's share, for every CPU.
std::string percpu_text(const AggVarDesc& d, const AggEntry& e, int64_t normal, const AggSortOptions& o) {
  static const std::vector<int64_t> kNone;
  std::string out;
  for (uint32_t cpu = 0; cpu < o.percpu; cpu++) {
    auto it = e.percpu.find(cpu);
    out +=
        fmt_ll("\n    [CPU %lld]", cpu) + words_text(d, it == e.percpu.end() ? kNone : it->second, normal, o);
  }
  return out;
}

}  // namespace

uint16_t agg_key_kind(const AggVarDesc& d, const std::vector<uint16_t>* kinds, size_t k) {
  const std::vector<uint16_t>& ks = kinds && !kinds->empty() ? *kinds : d.key_kinds;
  return k < ks.size() ? ks[k] : uint16_t{DTRACEACT_AGGKEY};
}

std::string format_agg_key(const AggVarDesc& d, size_t k, std::span<const uint8_t> bytes, bool packed,
                           const TextOptions& to, const std::vector<uint16_t>* kinds) {
  uint16_t kind = agg_key_kind(d, kinds, k);
  if (is_stack_kind(kind)) return stack_text(kind, bytes, to);
  const cc::ValueType* t = key_type(d, k);
  Datum datum{t, bytes};
  if (kind == DTRACEACT_AGGKEY && t && t->kind == Kind::String)
    return fmt_str(packed ? " %16s" : "  %-50s", datum.as_string());
  if (kind != DTRACEACT_AGGKEY) {  // sym(), mod(), usym(), ...
    auto sym = format_symbolic(datum, to);
    return fmt_str("  %-50s", sym ? *sym : fmt_ll("0x%llx", static_cast<long long>(datum.as_unsigned())));
  }
  // An integer key prints by its size whatever its type, as DTrace's
  // do: 1 and 2 bytes unsigned ((char)-1 is 255), 4 and 8 bytes signed.
  long long v = bytes.size() < 4 ? static_cast<long long>(datum.as_unsigned()) : datum.as_signed();
  switch (bytes.size()) {
    case 8: return fmt_ll(" %16lld", v);
    case 4: return fmt_ll(" %8lld", v);
    case 2: return fmt_ll(" %5lld", v);
    case 1: return fmt_ll(" %3lld", v);
    default: return format_bytes(bytes, false, to.rawbytes, 50);
  }
}

namespace {

enum class Layout { Plain, Hist, Pack };

Layout layout_of(const AggVar& v, const AggSortOptions& o) {
  uint16_t f = v.desc.func;
  if (o.hist && (f == DTRACEACT_AGG_COUNT || f == DTRACEACT_AGG_SUM)) return Layout::Hist;
  if (o.pack && (f == DTRACEACT_AGG_QUANTIZE || f == DTRACEACT_AGG_LQUANTIZE)) return Layout::Pack;
  return Layout::Plain;
}

// agghist: what a full bar stands for (the sum of the values, or under
// aggzoom the largest one drawn 95% long) and the signs present.
struct HistScale {
  long double total = 0;
  bool neg = false, pos = false;
};

HistScale hist_scale(const AggVar& v, const std::vector<AggRow>& rows, bool zoom) {
  HistScale h;
  for (const AggRow& r : rows) {
    int64_t x = agg_scalar(v.desc.func, r.values[0]->value, v.normal);
    long double a = x < 0 ? -static_cast<long double>(x) : static_cast<long double>(x);
    h.total = zoom ? std::max(h.total, a / 0.95L) : h.total + a;
    h.neg |= x < 0;
    h.pos |= x > 0;
  }
  return h;
}

}  // namespace

std::string aggregation_rows(AggVar& v, const AggSortOptions& o) {
  AggVar* one[] = {&v};
  std::vector<AggRow> rows = agg_sorted_rows(one, o);
  Layout layout = layout_of(v, o);
  HistScale h = layout == Layout::Hist ? hist_scale(v, rows, o.zoom) : HistScale{};
  PackedRange range = layout == Layout::Pack ? packed_range(v) : PackedRange{};
  std::string out;
  for (const AggRow& r : rows) {
    if (layout != Layout::Plain && &r == &rows.front()) {
      int width = packed_key_width(*r.keys);
      out += layout == Layout::Hist ? hist_header(width) : packed_header(v.desc.func, width, range);
    }
    for (size_t k = 0; k < r.keys->size(); k++)
      out += format_agg_key(v.desc, k, (*r.keys)[k], layout != Layout::Plain, o.text, r.kinds);
    const std::vector<int64_t>& w = r.values[0]->value;
    if (layout == Layout::Hist) {
      out += " " + format_bar(agg_scalar(v.desc.func, w, v.normal), h.total, h.neg, h.pos);
    } else if (layout == Layout::Pack) {
      out += packed_value(v.desc.func, v.desc.arg, w, range, o.zoom, o.utf8);
    } else {
      out += value_text(v.desc, r.values[0], v.normal, o);
      if (o.percpu) out += percpu_text(v.desc, *r.values[0], v.normal, o);
      out += "\n";
    }
  }
  v.printed = true;
  return out;
}

std::string print_aggregation(AggVar& v, const AggSortOptions& o) { return "\n" + aggregation_rows(v, o); }

namespace {

// %@: the value of a scalar aggregation as an int64_t, a histogram drawn
// whole whatever the conversion.
Result<std::string> value_conv(const FormatConv& c, const AggVar& v, const AggEntry* e,
                               const AggSortOptions& o) {
  if (agg_is_histogram(v.desc.func)) return value_text(v.desc, e, v.normal, o);
  static const std::vector<int64_t> kNone;
  int64_t x = agg_scalar(v.desc.func, e ? e->value : kNone, v.normal);
  cc::ValueType t{Kind::Signed, 8, "int64_t"};
  return format_value(c, Datum{&t, std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(&x), 8)},
                      o.text);
}

// The other conversions take the keys in order; stacks print whole.
Result<std::string> key_conv(const FormatConv& c, uint16_t kind, const Datum& key, const TextOptions& to) {
  if (is_stack_kind(kind)) return stack_text(kind, key.bytes, to);
  return format_value(c, key, to);
}

// One joined row under the format: `*` widths and precisions take keys
// too, as the compiler counted them.
Result<std::string> printa_row(const ParsedFormat& pf, std::span<AggVar* const> vars, const AggRow& r,
                               const AggSortOptions& o) {
  const AggVarDesc& d = vars[0]->desc;
  size_t n = r.keys->size();
  std::vector<cc::ValueType> untyped(n);  // keys without a type: signed integers
  std::vector<Datum> keys;
  for (size_t k = 0; k < n; k++) {
    untyped[k] = cc::ValueType{Kind::Signed, static_cast<uint32_t>((*r.keys)[k].size()), ""};
    keys.push_back(Datum{key_type(d, k) ? key_type(d, k) : &untyped[k], (*r.keys)[k]});
  }
  std::string out;
  size_t key = 0, val = 0;
  for (const FormatPiece& p : pf.pieces) {
    if (!p.is_conv || p.conv.conv == '%') {
      out += p.is_conv ? "%" : p.text;
      continue;
    }
    Result<FormatConv> c = resolve_stars(p.conv, keys, key);
    if (!c) return c.error();
    Result<std::string> s = std::string();
    if (p.conv.agg) {  // those past the last aggregation print its value again (DTrace)
      size_t i = std::min(val, vars.size() - 1);
      s = value_conv(*c, *vars[i], r.values[i], o);
      val++;
    } else if (key < keys.size()) {
      s = key_conv(*c, agg_key_kind(d, r.kinds, key), keys[key], o.text);
      key++;
    }
    if (!s) return s.error();
    out += *s;
  }
  return out;
}

}  // namespace

Result<std::string> printa_formatted(std::string_view fmt, std::span<AggVar* const> vars,
                                     const AggSortOptions& o) {
  ParsedFormat pf = parse_format(fmt);
  if (pf.fault != FormatFault::kNone) return make_error("printa format has a malformed conversion");
  std::string out;
  for (const AggRow& r : agg_sorted_rows(vars, o)) {
    auto row = printa_row(pf, vars, r, o);
    if (!row) return row.error();
    out += *row;
  }
  for (AggVar* v : vars) v->printed = true;
  return out;
}

Result<std::string> printa_text(const std::string* format, std::span<AggVar* const> vars,
                                const AggSortOptions& o) {
  if (format) return printa_formatted(*format, vars, o);
  std::string out;
  for (AggVar* v : vars) out += print_aggregation(*v, o);
  return out;
}

}  // namespace dtrace::consume
