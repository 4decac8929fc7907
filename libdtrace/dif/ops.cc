#include "dif/ops.h"

#include <array>

namespace dtrace::dif {
namespace {

constexpr OpInfo kOps[] = {
#define DIF_OP(name, code, form, mnem) {code, DIF_FORM_##form, mnem},
#include "dtrace/dif_ops.def"
#undef DIF_OP
};

constexpr std::array<const OpInfo*, 256> make_index() {
  std::array<const OpInfo*, 256> idx{};
  for (const auto& o : kOps) idx[o.op] = &o;
  return idx;
}

constexpr auto kIndex = make_index();

}  // namespace

const OpInfo* op_info(uint8_t op) { return kIndex[op]; }

}  // namespace dtrace::dif
