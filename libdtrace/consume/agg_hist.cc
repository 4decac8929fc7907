// quantize(), lquantize() and llquantize() histograms: bucket labels from
// doc/records.md §6.3-6.5, the rows shown (one zero row either side of
// the non-zero ones) and the bar rules of dtrace(1)'s layout.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "consume/agg_print.h"

extern "C" {
#include "dtrace/buf.h"
}

namespace dtrace::consume {
namespace {

struct Row {
  std::string label;  // already formatted to 16 columns
  int64_t count = 0;
  long double value = 0;             // what the bucket weighs in sorting (DTrace's)
  std::string under_negatives = {};  // the label instead where rows above show
};

std::string num_label(long long v) {
  char b[32];
  std::snprintf(b, sizeof b, "%16lld", v);
  return b;
}

std::string text_label(const char* op, long long v) {
  char t[40], b[48];
  std::snprintf(t, sizeof t, "%s %lld", op, v);
  std::snprintf(b, sizeof b, "%16s", t);
  return b;
}

std::vector<Row> quantize_rows(std::span<const int64_t> w) {
  std::vector<Row> rows;
  for (size_t i = 0; i < w.size(); i++) {
    int j = static_cast<int>(i) - DTRACE_QUANTIZE_ZEROBUCKET;
    long long label = j == 0 ? 0 : j > 0 ? (1ll << (j - 1)) : -(1ll << (-j - 1));
    rows.push_back({num_label(label), w[i], static_cast<long double>(label)});
  }
  return rows;
}

std::vector<Row> lquantize_rows(uint64_t arg, std::span<const int64_t> w) {
  long long base = DTRACE_LQUANTIZE_BASE(arg), step = DTRACE_LQUANTIZE_STEP(arg);
  long long levels = DTRACE_LQUANTIZE_LEVELS(arg);
  std::vector<Row> rows;
  for (size_t i = 1; i < w.size(); i++) {
    long long b = static_cast<long long>(i) - 1;
    long double end = static_cast<long double>(base + levels * step);
    if (b == 0) rows.push_back({text_label("<", base), w[i], static_cast<long double>(base - 1)});
    else if (b == levels + 1) rows.push_back({text_label(">=", base + levels * step), w[i], end + 1});
    else
      rows.push_back(
          {num_label(base + (b - 1) * step), w[i], static_cast<long double>(base + (b - 1) * step)});
  }
  return rows;
}

// llquantize: every bucket but the ghosts, labelled by its lower bound
// (a negative one by its upper: -10 is -10 .. -19), weighing that much;
// |v| < F^L is "0" when F^L is 1, else "< F^L", or "abs() < F^L" under
// negative rows (format_histogram picks).
std::vector<Row> llquantize_rows(uint64_t arg, std::span<const int64_t> w) {
  std::vector<LlqBucket> layout = llquantize_layout(arg);
  std::vector<Row> rows;
  if (w.size() < layout.size() + 1) return rows;
  for (size_t i = 0; i < layout.size(); i++) {
    const LlqBucket& b = layout[i];
    if (b.ghost) continue;
    Row r{"", w[i + 1], 0};
    if (!b.has_min) r.label = text_label("<=", b.max), r.value = static_cast<long double>(b.max);
    else if (!b.has_max) r.label = text_label(">=", b.min), r.value = static_cast<long double>(b.min);
    else if (b.max < 0) r.label = num_label(b.max), r.value = static_cast<long double>(b.max);
    else if (b.min > 0) r.label = num_label(b.min), r.value = static_cast<long double>(b.min);
    else if (b.max == 0) r.label = num_label(0);
    else r.label = text_label("<", b.max + 1), r.under_negatives = text_label("abs() <", b.max + 1);
    rows.push_back(r);
  }
  return rows;
}

std::vector<Row> histogram_rows(uint16_t func, uint64_t arg, std::span<const int64_t> value) {
  return func == DTRACEACT_AGG_QUANTIZE    ? quantize_rows(value)
         : func == DTRACEACT_AGG_LQUANTIZE ? lquantize_rows(arg, value)
                                           : llquantize_rows(arg, value);
}

}  // namespace

std::pair<long double, long double> histogram_rank(uint16_t func, uint64_t arg,
                                                   std::span<const int64_t> value) {
  long double sum = 0, zero = 0;
  for (const Row& r : histogram_rows(func, arg, value)) {
    sum += r.value * static_cast<long double>(r.count);
    if (r.value == 0) zero = static_cast<long double>(r.count);
  }
  return {sum, zero};
}

std::string format_bar(int64_t v, long double total, bool neg, bool pos, int64_t normal) {
  char cnt[32];
  std::snprintf(cnt, sizeof cnt, " %-9lld\n", static_cast<long long>(v / normal));
  long double ratio = total > 0 ? std::abs(static_cast<long double>(v)) / total : 0;
  if (!neg || !pos) {
    int n = static_cast<int>(40 * ratio + 0.5L);
    std::string at(static_cast<size_t>(n), '@'), sp(static_cast<size_t>(40 - n), ' ');
    return (neg ? sp + at + "|" : "|" + at + sp) + cnt;
  }
  int n = static_cast<int>(20 * ratio + 0.5L);
  std::string at(static_cast<size_t>(n), '@'), sp(static_cast<size_t>(20 - n), ' '), half(20, ' ');
  return (v <= 0 ? sp + at + "|" + half : half + "|" + at + sp) + cnt;
}

// U+2588 (full block) and, for the remaining eighths e = 1..7, U+2590 - e:
// whole blocks are the integer part of 40 * v / total, the last cell the
// fraction truncated to eighths; blanks pad the bar to 40 columns.
std::string format_utf8_bar(int64_t v, long double total, int64_t normal) {
  auto block = [](unsigned cp) {
    return std::string{static_cast<char>(0xe0 | (cp >> 12)), static_cast<char>(0x80 | ((cp >> 6) & 0x3f)),
                       static_cast<char>(0x80 | (cp & 0x3f))};
  };
  long double f = total > 0 ? 40 * std::abs(static_cast<long double>(v)) / total : 0;
  auto whole = static_cast<unsigned>(f);
  auto eighths = static_cast<unsigned>((f - whole) * 8);
  std::string out = "|";
  for (unsigned i = 0; i < whole; i++) out += block(0x2588);
  unsigned cells = whole;
  if (eighths != 0) {
    out += block(0x2590 - eighths);
    cells++;
  }
  char cnt[32];
  std::snprintf(cnt, sizeof cnt, " %-9lld\n", static_cast<long long>(v / normal));
  return out + std::string(cells < 40 ? 40 - cells : 0, ' ') + cnt;
}

std::string format_histogram(uint16_t func, uint64_t arg, std::span<const int64_t> value, int64_t normal,
                             bool zoom, bool utf8) {
  std::vector<Row> rows = histogram_rows(func, arg, value);
  // As DTrace: the rows shown, the signs and the bars come from the counts
  // as recorded; normalize() divides only the counts printed.
  if (normal <= 0) normal = 1;
  long double total = 0;
  bool neg = false, pos = false;
  for (const Row& r : rows) {
    total += std::abs(static_cast<long double>(r.count));
    neg |= r.count < 0;
    pos |= r.count > 0;
  }
  size_t first = rows.size(), last = 0;
  for (size_t i = 0; i < rows.size(); i++)
    if (rows[i].count != 0) {
      if (first == rows.size()) first = i;
      last = i;
    }
  if (first == rows.size()) {  // nothing recorded: around the zero bucket / the start
    first = func == DTRACEACT_AGG_QUANTIZE     ? DTRACE_QUANTIZE_ZEROBUCKET - 1
            : func == DTRACEACT_AGG_LLQUANTIZE ? (rows.size() - 1) / 2  // the zero row
                                               : 0;
    last = first + 2;
  } else {
    first = first > 0 ? first - 1 : 0;
    last = last + 1;
  }
  if (rows.empty()) return "";
  utf8 = utf8 && pos && !neg;  // DTrace draws UTF-8 only for all-positive bars, unzoomed
  if (zoom && !utf8) {         // aggzoom: scale to the largest row, drawn 95% tall (as DTrace)
    long double most = 0;
    for (const Row& r : rows) most = std::max(most, std::abs(static_cast<long double>(r.count)));
    if (most > 0) total = most / 0.95L;
  }
  if (last >= rows.size()) last = rows.size() - 1;
  char head[96];
  std::snprintf(head, sizeof head, "\n%16s %41s %-9s\n", "value", "------------- Distribution -------------",
                "count");
  std::string out = head;
  for (size_t i = first; i <= last; i++)
    out += (i > first && !rows[i].under_negatives.empty() ? rows[i].under_negatives : rows[i].label) + " " +
           (utf8 ? format_utf8_bar(rows[i].count, total, normal)
                 : format_bar(rows[i].count, total, neg, pos, normal));
  return out;
}

}  // namespace dtrace::consume
