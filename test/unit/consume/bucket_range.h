// A histogram bucket's range as text, for the tests of the layouts that
// printa (LlqBucket) and JSON (JsonBucket) give: "-19..-10", "..-1000"
// without a lower bound, "1000.." without an upper one.
#pragma once

#include <string>

namespace dtrace::consume::testing {

template <typename Bucket>
std::string range(const Bucket& b) {
  return (b.has_min ? std::to_string(b.min) : "") + ".." + (b.has_max ? std::to_string(b.max) : "");
}

}  // namespace dtrace::consume::testing
