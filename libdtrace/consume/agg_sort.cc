// Sorting and joining aggregation entries: by value then key (default),
// by key then value (aggsortkey), starting at key aggsortkeypos, by the
// value of the aggsortpos-th joined aggregation, reversed by aggsortrev;
// and trunc(), which keeps the top or bottom of that order.
#include <algorithm>
#include <cstring>
#include <map>

#include "consume/agg_print.h"
#include "consume/record_format.h"

namespace dtrace::consume {
namespace {

using Kind = cc::ValueType::Kind;

std::pair<long double, long double> rank(const AggVarDesc& d, const AggEntry* e, int64_t normal) {
  if (!e) return {0, 0};
  if (!agg_is_histogram(d.func)) return {static_cast<long double>(agg_scalar(d.func, e->value, normal)), 0};
  return histogram_rank(d.func, d.arg, e->value);
}

int compare_key(const AggVarDesc& d, size_t k, const std::vector<uint8_t>& a, const std::vector<uint8_t>& b,
                uint16_t kind) {
  const cc::ValueType* t = k < d.key_types.size() ? &d.key_types[k] : nullptr;
  bool agg_key = kind == DTRACEACT_AGGKEY;
  if (agg_key && t && t->kind == Kind::String) {
    int c = std::strcmp(Datum{t, a}.as_string().c_str(), Datum{t, b}.as_string().c_str());
    return c < 0 ? -1 : c > 0;
  }
  // Integer keys compare unsigned whatever their type, as DTrace's do:
  // -1 sorts after 2.
  if (agg_key && a.size() <= 8 && a.size() == b.size()) {
    uint64_t x = Datum{t, a}.as_unsigned(), y = Datum{t, b}.as_unsigned();
    return x < y ? -1 : x > y;
  }
  // Stacks and symbols: 64-bit words in order.
  for (size_t i = 0; i + 8 <= std::min(a.size(), b.size()); i += 8) {
    uint64_t x, y;
    std::memcpy(&x, a.data() + i, 8);
    std::memcpy(&y, b.data() + i, 8);
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() < b.size() ? -1 : a.size() > b.size();
}

int compare_keys(const AggVarDesc& d, const AggRow& ra, const AggRow& rb, uint32_t keypos) {
  const std::vector<std::vector<uint8_t>>&a = *ra.keys, &b = *rb.keys;
  size_t n = std::min(a.size(), b.size());
  for (size_t j = 0; j < n; j++) {
    size_t k = keypos < n ? (keypos + j) % n : j;
    uint16_t ka = agg_key_kind(d, ra.kinds, k), kb = agg_key_kind(d, rb.kinds, k);
    if (ka != kb) return ka < kb ? -1 : 1;  // kernel stacks, then user stacks
    if (int c = compare_key(d, k, a[k], b[k], ka)) return c;
  }
  return 0;
}

}  // namespace

std::vector<AggRow> agg_sorted_rows(std::span<AggVar* const> vars, const AggSortOptions& o) {
  std::map<std::vector<uint8_t>, AggRow> joined;
  for (size_t i = 0; i < vars.size(); i++)
    for (const auto& [flat, e] : vars[i]->entries) {
      AggRow& r = joined[flat];
      if (!r.keys) {
        r.keys = &e.keys;
        r.kinds = &e.key_kinds;
        r.values.assign(vars.size(), nullptr);
      }
      r.values[i] = &e;
    }
  std::vector<AggRow> rows;
  for (auto& [flat, r] : joined) rows.push_back(std::move(r));
  if (vars.empty()) return rows;
  size_t vp = o.valpos < vars.size() ? o.valpos : 0;
  const AggVarDesc& kd = vars[0]->desc;
  auto by_value = [&](const AggRow& a, const AggRow& b) {
    auto x = rank(vars[vp]->desc, a.values[vp], vars[vp]->normal);
    auto y = rank(vars[vp]->desc, b.values[vp], vars[vp]->normal);
    return x < y ? -1 : y < x ? 1 : 0;
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const AggRow& a, const AggRow& b) {
    int v = by_value(a, b), k = compare_keys(kd, a, b, o.keypos);
    int c = o.by_key ? (k ? k : v) : (v ? v : k);
    return o.reverse ? c > 0 : c < 0;
  });
  return rows;
}

void agg_trunc(AggVar& v, bool has_count, int64_t n) {
  if (!has_count || n == 0) {
    v.entries.clear();
    return;
  }
  AggVar* one[] = {&v};
  std::vector<AggRow> rows = agg_sorted_rows(one, AggSortOptions{});
  size_t keep = static_cast<size_t>(n > 0 ? n : -n);
  if (keep >= rows.size()) return;
  std::vector<std::vector<uint8_t>> drop;
  size_t first_kept = n > 0 ? rows.size() - keep : 0;
  for (size_t i = 0; i < rows.size(); i++) {
    if (i >= first_kept && i < first_kept + keep) continue;
    std::vector<uint8_t> flat;
    for (const auto& k : *rows[i].keys) flat.insert(flat.end(), k.begin(), k.end());
    drop.push_back(std::move(flat));
  }
  for (const auto& f : drop) v.entries.erase(f);
}

}  // namespace dtrace::consume
