// ErrTag: the kind of an Error, an enumerator per row of util/errtags.def,
// the one table; errtag_name() is its spelling (what -xerrtags prints).
// Code compares tags as enumerators, never as strings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace dtrace {

enum class ErrTag : uint16_t {
#define DT_ERRTAG(name, desc) name,
#include "util/errtags.def"
#undef DT_ERRTAG
  kNone,  // an error that is neither (EDT_* style: "Insufficient registers")
};

namespace errtag_table {
struct Row {
  const char* name;
  const char* desc;
};
inline constexpr Row kRows[] = {
#define DT_ERRTAG(name, desc) {#name, desc},
#include "util/errtags.def"
#undef DT_ERRTAG
    {"", ""},
};
}  // namespace errtag_table

// "D_SYNTAX"; "" for kNone.
constexpr const char* errtag_name(ErrTag tag) { return errtag_table::kRows[static_cast<size_t>(tag)].name; }
constexpr const char* errtag_desc(ErrTag tag) { return errtag_table::kRows[static_cast<size_t>(tag)].desc; }

// The tag spelt `name` ("D_SYNTAX"), or kNone when no row is.
constexpr ErrTag errtag_named(std::string_view name) {
  for (size_t i = 0; i < static_cast<size_t>(ErrTag::kNone); i++)
    if (name == errtag_table::kRows[i].name) return static_cast<ErrTag>(i);
  return ErrTag::kNone;
}

}  // namespace dtrace
