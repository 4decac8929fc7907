// One JSON value built in memory, for -x oformat=json (doc/json.md).
// The writer places commas and quotes; it never emits invalid JSON or
// invalid UTF-8: control bytes are escaped, bytes that are not UTF-8
// become U+FFFD and the string's object gets "<key>-invalid-utf8": true.
// Integers beyond 2^53 in magnitude, which a double cannot hold, are
// written as decimal strings so that no reader rounds them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dtrace::consume {

class JsonWriter {
 public:
  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  // The member name of the next value (inside an object).
  JsonWriter& key(std::string_view k);

  JsonWriter& string(std::string_view s);
  JsonWriter& number(int64_t v);
  JsonWriter& unsigned_number(uint64_t v);
  JsonWriter& floating(double v);  // finite: the shortest text that reads back as v
  JsonWriter& boolean(bool v);
  JsonWriter& null();
  JsonWriter& bytes(std::span<const uint8_t> b);  // an array of numbers 0..255
  // A value already in JSON (another writer's text).
  JsonWriter& raw(std::string_view json);

  // key(k) and string(s); a string that needed repair also gets its flag.
  JsonWriter& member(std::string_view k, std::string_view s);
  JsonWriter& member(std::string_view k, int64_t v) { return key(k).number(v); }
  JsonWriter& member_unsigned(std::string_view k, uint64_t v) { return key(k).unsigned_number(v); }

  const std::string& text() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void value_start();
  JsonWriter& open(char bracket);
  JsonWriter& close(char bracket);
  // Appends s quoted; true if some bytes were not UTF-8.
  bool quoted(std::string_view s);

  std::string out_;
  std::vector<bool> first_;  // per open object/array: no member yet
  bool after_key_ = false;
};

// The largest magnitude written as a JSON number: 2^53.
inline constexpr uint64_t kJsonExactMax = uint64_t{1} << 53;

}  // namespace dtrace::consume
