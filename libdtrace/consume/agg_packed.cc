// The aggpack and agghist layouts of unformatted aggregation output
// (DTrace's packed display): keys in packed widths, a header printed once
// before an aggregation's first entry, then per entry either one line of
// packed buckets (quantize, lquantize) or a bar of the entry's share of
// the aggregation's total (count, sum).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "consume/agg_print.h"

extern "C" {
#include "dtrace/buf.h"
}

namespace dtrace::consume {
namespace {

std::string fmt(const char* f, int width, const char* s) {
  char b[128];
  std::snprintf(b, sizeof b, f, width, s);
  return b;
}

long long quantize_label(int bucket) {
  int j = bucket - DTRACE_QUANTIZE_ZEROBUCKET;
  return j == 0 ? 0 : j > 0 ? (1ll << (j - 1)) : -(1ll << (-j - 1));
}

// Columns of a packed label: the digits (and sign), at least 4; numbers
// equal to a power of ten count one digit short, as in DTrace.
int label_width(long long v) {
  int n = 1;
  long long cmp = 10;
  if (v < 0) {
    v = v == INT64_MIN ? INT64_MAX : -v;
    n++;
  }
  for (; v > cmp && cmp > 0; cmp *= 10) n++;
  return std::max(n, 4);
}

// The bucket words shown, as DTrace numbers them: quantize's buckets;
// lquantize's from the underflow to the overflow bucket (after its
// parameter word).
std::span<const int64_t> buckets(uint16_t func, std::span<const int64_t> w) {
  return func == DTRACEACT_AGG_QUANTIZE || w.empty() ? w : w.subspan(1);
}

// One bucket as one character: blank for zero, a level of 8 (UTF-8
// blocks or "__xxxxXX") for positive counts, of 6 ("vvvvVV") for negative.
std::string packed_cell(int64_t v, long double total, bool utf8) {
  if (v == 0 || total <= 0) return " ";
  long double a = std::abs(static_cast<long double>(v));
  if (v < 0) return std::string(1, "vvvvVV"[static_cast<int>(a * 5 / total + 0.5L)]);
  int level = static_cast<int>(a * 7 / total + 0.5L);
  if (!utf8) return std::string(1, "__xxxxXX"[level]);
  unsigned cp = 0x2581 + static_cast<unsigned>(level);
  return {static_cast<char>(0xe0 | (cp >> 12)), static_cast<char>(0x80 | ((cp >> 6) & 0x3f)),
          static_cast<char>(0x80 | (cp & 0x3f))};
}

}  // namespace

int packed_key_width(const std::vector<std::vector<uint8_t>>& keys) {
  int width = 0;
  for (const auto& k : keys) {
    size_t n = k.size();
    width += (n == 1 ? 3 : n == 2 ? 5 : n == 4 ? 8 : 16) + 1;
  }
  return width;
}

std::string hist_header(int key_width) {
  char b[128];
  std::snprintf(b, sizeof b, "\n%*s %41s %-9s\n", key_width ? key_width : 16, key_width ? "key" : "value",
                "------------- Distribution -------------", "count");
  return b;
}

PackedRange packed_range(const AggVar& v) {
  PackedRange r;
  if (v.desc.func == DTRACEACT_AGG_LQUANTIZE) {
    r.min = 0;
    r.max = static_cast<int>(DTRACE_LQUANTIZE_LEVELS(v.desc.arg)) + 1;
    return r;
  }
  int lo = -1, hi = -1;
  for (const auto& [bytes, e] : v.entries) {
    for (size_t i = 0; i < e.value.size(); i++) {
      if (e.value[i] == 0) continue;
      int b = static_cast<int>(i);
      lo = lo < 0 ? b : std::min(lo, b);
      hi = std::max(hi, b);
    }
  }
  if (lo < 0) lo = hi = DTRACE_QUANTIZE_ZEROBUCKET;  // nothing recorded
  r.min = lo != 0 && lo != DTRACE_QUANTIZE_ZEROBUCKET ? lo - 1 : lo;
  r.max = hi < DTRACE_QUANTIZE_NBUCKETS - 1 ? hi + 1 : hi;
  return r;
}

std::string packed_header(uint16_t func, int key_width, PackedRange r) {
  bool lq = func == DTRACEACT_AGG_LQUANTIZE;
  int minw = lq ? 7 : label_width(quantize_label(r.min));
  int maxw = lq ? 8 : label_width(quantize_label(r.max));
  std::string out =
      "\n" + fmt("%*s", key_width, key_width > 0 ? "key" : "") + " " + fmt("%*s", minw, "min") + " .";
  out.append(static_cast<size_t>(r.max - r.min + 1), '-');
  return out + ". " + fmt("%*s", -maxw, "max") + " | count\n";
}

std::string packed_value(uint16_t func, uint64_t arg, std::span<const int64_t> w, PackedRange r, bool zoom,
                         bool utf8) {
  std::span<const int64_t> b = buckets(func, w);
  auto at = [&](int i) { return i >= 0 && static_cast<size_t>(i) < b.size() ? b[i] : 0; };
  long double total = 0, count = 0;
  for (int i = r.min; i <= r.max; i++) {
    long double a = std::abs(static_cast<long double>(at(i)));
    total = zoom ? std::max(total, a / 0.95L) : total + a;
    count += static_cast<long double>(at(i));
  }
  char head[64], tail[96];
  if (func == DTRACEACT_AGG_LQUANTIZE) {
    long long base = DTRACE_LQUANTIZE_BASE(arg), step = DTRACE_LQUANTIZE_STEP(arg);
    long long levels = DTRACE_LQUANTIZE_LEVELS(arg);
    char lo[32], hi[32];
    std::snprintf(lo, sizeof lo, "< %lld", base);
    std::snprintf(hi, sizeof hi, ">= %lld", base + levels * step);
    std::snprintf(head, sizeof head, "%8s :", lo);
    std::snprintf(tail, sizeof tail, ": %-8s | %lld\n", hi, static_cast<long long>(count));
  } else {
    long long lo = quantize_label(r.min), hi = quantize_label(r.max);
    std::snprintf(head, sizeof head, " %*lld :", label_width(lo), lo);
    std::snprintf(tail, sizeof tail, ": %*lld | %lld\n", -label_width(hi), hi, static_cast<long long>(count));
  }
  std::string out = head;
  for (int i = r.min; i <= r.max; i++) out += packed_cell(at(i), total, utf8);
  return out + tail;
}

}  // namespace dtrace::consume
