#include "cc/diag.h"

namespace dtrace::cc {
namespace {

struct TagInfo {
  const char* name;
  const char* desc;
};

constexpr TagInfo kTags[] = {
#define DT_ERRTAG(name, desc) {#name, desc},
#include "cc/errtags.def"
#undef DT_ERRTAG
    {"", ""},
};

}  // namespace

const char* errtag_name(ErrTag tag) { return kTags[static_cast<size_t>(tag)].name; }
const char* errtag_desc(ErrTag tag) { return kTags[static_cast<size_t>(tag)].desc; }

void Diagnostics::error(int line, ErrTag tag, std::string message) {
  // Messages are single logical errors; DTrace's trailing newline is not ours.
  while (!message.empty() && message.back() == '\n') message.pop_back();
  errors_.push_back(Error{std::move(message), errtag_name(tag), line});
}

}  // namespace dtrace::cc
