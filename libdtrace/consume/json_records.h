// -x oformat=json: each firing as one JSON object on a line of its own
// (JSON Lines); drops, errors and the exit status as objects of their
// own. The layout is described in doc/json.md. Lines are flushed as the
// text is: at the end of each buffer read (switchrate), so a pipe sees
// every event as soon as dtrace has it; notices at once.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "consume/firing.h"
#include "consume/notice.h"

namespace dtrace::consume {

class RecordOutput;

// JSON Lines on `out` (consume/record_output.h): a firing as
// {"type":"probe","timestamp":...,"cpu":...,"id":...,"provider":...,
// "module":...,"function":...,"name":...,"output":[records]}, an
// aggregation as {"type":"aggregation",...}, notices as below.
std::unique_ptr<RecordOutput> json_output(PrintState& st, FILE* out);

// One complete JSON value as a line (the caller flushes).
void write_json_line(FILE* out, const std::string& json);
// {"type":...,<members>...,"message":<the text dtrace prints on stderr>}
// as a line, flushed at once (no message when it is empty).
void write_json_notice(FILE* out, const Notice& n);

}  // namespace dtrace::consume
