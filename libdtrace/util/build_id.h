// Where distributions install a build ID's separate debug file:
// /usr/lib/debug/.build-id/ab/cdef....debug, the first byte's hex naming
// the directory. Used for user objects' symbols and DWARF and for the
// kernel's debug vmlinux.
#pragma once

#include <string>
#include <string_view>

namespace dtrace::util {

// id: the raw bytes of the build ID note; "" when it has under 2 bytes.
inline std::string build_id_debug_path(std::string_view id) {
  static const char digits[] = "0123456789abcdef";
  if (id.size() < 2) return {};
  std::string p = "/usr/lib/debug/.build-id/";
  for (size_t i = 0; i < id.size(); i++) {
    auto c = static_cast<unsigned char>(id[i]);
    p += digits[c >> 4];
    p += digits[c & 15];
    if (i == 0) p += '/';
  }
  return p + ".debug";
}

}  // namespace dtrace::util
