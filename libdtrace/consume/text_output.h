// dtrace(1)'s text layout of a firing: the "CPU ID FUNCTION:NAME" prefix
// (or -F's flow), each record's text, the newline when the next firing
// starts (end_line()). Quiet mode prints the records alone. dtrace's
// notices go to stderr, aggregations as their rows.
#pragma once

#include <cstdio>
#include <memory>

#include "consume/firing.h"

namespace dtrace::consume {

class RecordOutput;

// The text layout on `out` (consume/record_output.h).
std::unique_ptr<RecordOutput> text_output(PrintState& st, FILE* out);

}  // namespace dtrace::consume
