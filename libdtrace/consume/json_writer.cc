#include "consume/json_writer.h"

#include <cstdio>

#include "util/escape.h"

namespace dtrace::consume {
namespace {

// JSON's short escapes; other control characters as \u00XX.
constexpr ByteEscape kJsonEscapes[] = {{'"', "\\\""}, {'\\', "\\\\"}, {'\n', "\\n"}, {'\t', "\\t"},
                                       {'\r', "\\r"}, {'\b', "\\b"},  {'\f', "\\f"}};

// The length of the UTF-8 sequence starting at s[i], or 0 if the bytes
// there are not one (overlong forms, surrogates and values above
// U+10FFFF included).
size_t utf8_length(std::string_view s, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  size_t n;
  uint32_t cp;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) n = 2, cp = c & 0x1f;
  else if (c >= 0xe0 && c <= 0xef) n = 3, cp = c & 0x0f;
  else if (c >= 0xf0 && c <= 0xf4) n = 4, cp = c & 0x07;
  else return 0;
  if (s.size() - i < n) return 0;
  for (size_t k = 1; k < n; k++) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3f);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff))) return 0;
  if (cp >= 0xd800 && cp <= 0xdfff) return 0;
  return n;
}

}  // namespace

void JsonWriter::value_start() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) out_ += ',';
    first_.back() = false;
  }
}

JsonWriter& JsonWriter::open(char bracket) {
  value_start();
  out_ += bracket;
  first_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::close(char bracket) {
  out_ += bracket;
  first_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
  value_start();
  quoted(k);
  out_ += ':';
  after_key_ = true;
  return *this;
}

bool JsonWriter::quoted(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  bool repaired = false;
  out_ += '"';
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = utf8_length(s, i);
    if (n == 0) {
      out_ += "\xef\xbf\xbd";  // U+FFFD for one stray byte
      repaired = true;
      i++;
      continue;
    }
    if (n > 1) {
      out_.append(s.substr(i, n));
      i += n;
      continue;
    }
    if (const char* text = escape_text(kJsonEscapes, s[i])) {
      out_ += text;
    } else if (c < 0x20 || c == 0x7f) {
      out_ += "\\u00";
      out_ += kHex[c >> 4];
      out_ += kHex[c & 15];
    } else {
      out_ += static_cast<char>(c);
    }
    i++;
  }
  out_ += '"';
  return repaired;
}

JsonWriter& JsonWriter::string(std::string_view s) {
  value_start();
  quoted(s);
  return *this;
}

JsonWriter& JsonWriter::member(std::string_view k, std::string_view s) {
  key(k);
  value_start();
  if (quoted(s)) key(std::string(k) + "-invalid-utf8").boolean(true);
  return *this;
}

JsonWriter& JsonWriter::number(int64_t v) {
  uint64_t mag = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  char b[24];
  std::snprintf(b, sizeof b, "%lld", static_cast<long long>(v));
  if (mag > kJsonExactMax) return string(b);
  value_start();
  out_ += b;
  return *this;
}

JsonWriter& JsonWriter::floating(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.17g", v);
  value_start();
  out_ += b;
  return *this;
}

JsonWriter& JsonWriter::unsigned_number(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "%llu", static_cast<unsigned long long>(v));
  if (v > kJsonExactMax) return string(b);
  value_start();
  out_ += b;
  return *this;
}

JsonWriter& JsonWriter::boolean(bool v) {
  value_start();
  out_ += v ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::null() {
  value_start();
  out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::bytes(std::span<const uint8_t> b) {
  begin_array();
  for (uint8_t c : b) unsigned_number(c);
  return end_array();
}

JsonWriter& JsonWriter::raw(std::string_view json) {
  value_start();
  out_.append(json);
  return *this;
}

}  // namespace dtrace::consume
