// Types the value formatters' tests (print(), JSON) lay their sample
// structs out with.
#pragma once

#include "cc/types.h"

namespace dtrace::consume::testing {

// enum color { RED, GREEN }, 4 bytes.
inline cc::Type* color_enum(cc::TypeTable& tt) {
  cc::Type* color = tt.declare_tag(cc::Type::Kind::Enum, "color");
  color->size = 4;
  color->enumerators = {{"RED", 0}, {"GREEN", 1}};
  return color;
}

}  // namespace dtrace::consume::testing
