// tracemem(): DTrace's hex dump of recorded memory; trace() of other
// by-reference data (structs, arrays): a string when it reads as one,
// else the same dump.
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

// trace() of data of no integer size: printable characters (blanks,
// \b and \a count) up to the end or up to NULs that fill the rest print
// as a string ("%s" quiet, else "  %-33s"; text without a NUL always
// "  %-33s"); anything else, and everything under -x rawbytes, as the
// tracemem() dump. Aggregation keys use a width of 50.
std::string format_bytes(std::span<const uint8_t> bytes, bool quiet, bool rawbytes, size_t width = 33);

}  // namespace dtrace::consume
