// Aggregation output in dtrace(1)'s layouts: keys by
// record size, scalar values, quantize/lquantize/llquantize histograms,
// printa() with and without a format (several aggregations joined on
// their keys), and the sort orders selected by the aggsort* options.
// Reads the AggTable; the only state it changes is `printed` and, for
// trunc(), the entries.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "consume/agg_data.h"
#include "consume/record_format.h"
#include "util/result.h"

namespace dtrace::consume {

// The aggsort* options, and the display options of unformatted output.
struct AggSortOptions {
  bool by_key = false;     // aggsortkey
  bool reverse = false;    // aggsortrev
  uint32_t keypos = 0;     // aggsortkeypos
  uint32_t valpos = 0;     // aggsortpos
  bool zoom = false;       // aggzoom: the tallest bar spans 95% of the width
  bool hist = false;       // agghist: count/sum values as bars of their total
  bool pack = false;       // aggpack: quantize/lquantize values on one line each
  bool utf8 = false;       // aggpack draws UTF-8 blocks rather than "__xxxxXX"
  bool utf8_bars = false;  // -xencoding=utf8: all-positive histogram bars in eighths of a block
  uint32_t percpu = 0;     // aggpercpu: CPUs 0..percpu-1 listed under each value
  TextOptions text;        // stackindent, noresolve, rawbytes: how keys print
};

// One key tuple and, per joined variable, its entry (nullptr: absent).
struct AggRow {
  const std::vector<std::vector<uint8_t>>* keys = nullptr;
  const std::vector<uint16_t>* kinds = nullptr;  // the entry's own key kinds, if any
  std::vector<const AggEntry*> values;
};

std::vector<AggRow> agg_sorted_rows(std::span<AggVar* const> vars, const AggSortOptions& o);
// trunc(@a, n): keeps the n largest (n > 0) or -n smallest (n < 0)
// entries; trunc(@a) removes every entry.
void agg_trunc(AggVar& v, bool has_count, int64_t n);

// One key record as printed in an unformatted entry (`packed`: in the
// narrower aggpack/agghist width).
// `kinds`: the entry's own key kinds (AggRow::kinds), if any.
std::string format_agg_key(const AggVarDesc& d, size_t k, std::span<const uint8_t> bytes, bool packed = false,
                           const TextOptions& t = {}, const std::vector<uint16_t>* kinds = nullptr);
// Key k's kind: the entry's own, else the variable's, else AGGKEY.
uint16_t agg_key_kind(const AggVarDesc& d, const std::vector<uint16_t>* kinds, size_t k);
// The histogram block: header line, then the rows (agg_hist.cc).
std::string format_histogram(uint16_t func, uint64_t arg, std::span<const int64_t> value, int64_t normal,
                             bool zoom = false, bool utf8 = false);
// How DTrace ranks histograms by value: the sum of each bucket's value
// times its count, then the count at zero.
std::pair<long double, long double> histogram_rank(uint16_t func, uint64_t arg,
                                                   std::span<const int64_t> value);
// One bar and its count: "|@@@   n" (negative-only bars grow leftwards,
// mixed signs use half bars); `total` is what a full bar stands for; the
// count printed is v / normal (normalize()).
std::string format_bar(int64_t v, long double total, bool neg, bool pos, int64_t normal = 1);
// The same bar drawn with UTF-8 blocks (U+2588 whole, U+2589..U+258F for
// the last eighths), as DTrace draws all-positive bars under -xencoding=utf8.
std::string format_utf8_bar(int64_t v, long double total, int64_t normal = 1);
// aggpack and agghist (agg_packed.cc). The buckets shown of a packed
// histogram are the same for every entry of a variable.
struct PackedRange {
  int min = 0, max = 0;  // bucket indexes (lquantize: 0 is the underflow bucket)
};
PackedRange packed_range(const AggVar& v);
// Columns the keys take in packed layouts (the headers line up with them).
int packed_key_width(const std::vector<std::vector<uint8_t>>& keys);
std::string packed_header(uint16_t func, int key_width, PackedRange r);
std::string packed_value(uint16_t func, uint64_t arg, std::span<const int64_t> w, PackedRange r, bool zoom,
                         bool utf8);
std::string hist_header(int key_width);

// Every entry of one variable in sorted order, one after the other: the
// end-of-run dump, which follows dtrace(1)'s closing newline.
std::string aggregation_rows(AggVar& v, const AggSortOptions& o);
// printa(@a): "\n" and then the rows.
std::string print_aggregation(AggVar& v, const AggSortOptions& o);
// printa("format", @a, @b, ...): the format once per joined key tuple.
Result<std::string> printa_formatted(std::string_view fmt, std::span<AggVar* const> vars,
                                     const AggSortOptions& o);
// What printa() prints: printa_formatted() under a format (non-null),
// else print_aggregation() of each variable in turn.
Result<std::string> printa_text(const std::string* format, std::span<AggVar* const> vars,
                                const AggSortOptions& o);

}  // namespace dtrace::consume
