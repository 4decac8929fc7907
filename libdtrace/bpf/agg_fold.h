// An aggregating action's fold under the bpf backend (doc/bpf.md): the
// module's value_init() and fold() (kernel/core/agg.c), as BPF code over
// one entry of the aggregation's map. On entry R6 points to the entry (a
// word that is 0 until the entry was initialized on this CPU, then the
// value in the module's layout, doc/records.md §6.2), R8 holds the value
// and R9 the weight; R0 to R5 are clobbered.
#pragma once

#include "bpf/builder.h"
#include "bpf/ecbs.h"

namespace dtrace::bpf {

// The entry's value from this byte offset (after the word that says it
// was initialized).
constexpr int16_t kAggValue = 8;

// The value's initial words (min: INT64_MAX, max: INT64_MIN,
// lquantize/llquantize: the parameters) and the word set, for an entry
// whose word is 0.
void emit_agg_init(Builder& b, const dtbpf_agg& agg);
// Folds R8, weighted R9 for the histograms, into the value.
void emit_agg_fold(Builder& b, const dtbpf_agg& agg);

}  // namespace dtrace::bpf
