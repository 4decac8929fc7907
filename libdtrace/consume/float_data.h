// Floating-point data as the target wrote it: a float, double or long
// double is read by its size (4, 8, 16 bytes, x86-64's formats). D never
// computes with floats; it only records and prints them.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <span>

namespace dtrace::consume {

inline std::optional<long double> float_data(std::span<const uint8_t> b) {
  if (b.size() == sizeof(float)) {
    float v;
    std::memcpy(&v, b.data(), sizeof v);
    return v;
  }
  if (b.size() == sizeof(double)) {
    double v;
    std::memcpy(&v, b.data(), sizeof v);
    return v;
  }
  if (b.size() == sizeof(long double)) {
    long double v;
    std::memcpy(&v, b.data(), sizeof v);
    return v;
  }
  return std::nullopt;
}

}  // namespace dtrace::consume
