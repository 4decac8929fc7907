// Recorded values as JSON (doc/json.md): integers as numbers (by their
// D type's sign), strings as strings, stacks as arrays of frames,
// sym()/mod()/usym()/umod()/uaddr() as their text, print() values by
// their D type (structs and unions as objects of their members), any
// other data as an array of bytes.
#pragma once

#include <span>

#include "cc/types.h"
#include "consume/json_writer.h"
#include "consume/record_format.h"

namespace dtrace::consume {

// One recorded value (a trace() argument, printf argument or key).
void json_datum(JsonWriter& w, const Datum& d, const TextOptions& o);
// print(): the value laid out by its full type.
void json_typed(JsonWriter& w, const cc::Type& t, std::span<const uint8_t> b);
// The record kind of a symbolic value ("stack", "ustack", "sym", ...),
// "" for other data.
std::string_view symbolic_kind(const Datum& d);

}  // namespace dtrace::consume
