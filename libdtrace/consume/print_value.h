// print(): a recorded value laid out by its D type, as DTrace prints it.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "cc/types.h"

namespace dtrace::consume {

// "<type> <value>" at the top; a struct or union opens "{" and lists one
// member per line, indented four blanks per level, as
// "<type> <name> = <value>", closing with "}" at its own indentation.
// Integers print in hex ("%#x"), char as 'c', enums by enumerator name,
// pointers as addresses, char arrays holding text as [ "text" ], other
// arrays as [ a, b, ... ]. No trailing newline.
std::string format_print(const cc::Type& type, std::span<const uint8_t> bytes);

}  // namespace dtrace::consume
