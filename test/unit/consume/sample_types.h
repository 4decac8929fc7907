// Types the value formatters' tests (print(), JSON) lay their sample
// structs out with.
#pragma once

#include <cstdint>
#include <vector>

#include "cc/types.h"

namespace dtrace::consume::testing {

// enum color { RED, GREEN }, 4 bytes.
inline cc::Type* color_enum(cc::TypeTable& tt) {
  cc::Type* color = tt.declare_tag(cc::Type::Kind::Enum, "color");
  color->size = 4;
  color->enumerators = {{"RED", 0}, {"GREEN", 1}};
  return color;
}

// The sample struct, size bytes: struct outer { int n; AT4; char
// name[4]; unsigned short v[2]; int *p; AFTER... }, AT4 at offset 4.
inline cc::Type* outer_struct(cc::TypeTable& tt, uint32_t size, cc::Type::Member at4,
                              std::vector<cc::Type::Member> after = {}) {
  cc::Type* outer = tt.declare_tag(cc::Type::Kind::Struct, "outer");
  outer->size = size;
  outer->members = {{"n", tt.int_type(), 0},
                    at4,
                    {"name", tt.array_of(tt.char_type(), 4), 8},
                    {"v", tt.array_of(tt.integer(2, false), 2), 12},
                    {"p", tt.pointer_to(tt.int_type()), 16}};
  outer->members.insert(outer->members.end(), after.begin(), after.end());
  return outer;
}

}  // namespace dtrace::consume::testing
