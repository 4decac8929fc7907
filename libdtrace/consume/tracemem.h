// tracemem(): DTrace's hex dump of recorded memory.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace dtrace::consume {

// A leading newline, a column header (offsets 0..f and the ASCII
// column), then one row of up to 16 bytes per line: "%5x:" offset, the
// bytes as " %02x", and the printable ones ('.' for the rest). Nothing
// for an empty span.
std::string format_tracemem(std::span<const uint8_t> bytes);

}  // namespace dtrace::consume
