#include "bpf/globals.h"

#include <string>

namespace dtrace::bpf {

namespace {

// Offsets into the element are BPF's 16-bit signed instruction offsets.
constexpr size_t kMaxGlobals = 4096;

std::string var_name(const DifoView& d, const dtrace_difv& v) {
  if (v.dtdv_name >= d.strtab.size()) return "#" + std::to_string(v.dtdv_id);
  return std::string(d.strtab.substr(v.dtdv_name).data());
}

}  // namespace

Result<Globals> layout_globals(std::span<const DifoView> difos) {
  Globals g;
  for (const DifoView& d : difos) {
    for (const dtrace_difv& v : d.vars) {
      if (v.dtdv_scope != DIFV_SCOPE_GLOBAL || v.dtdv_kind != DIFV_KIND_SCALAR ||
          v.dtdv_id < DIF_VAR_OTHER_UBASE)
        continue;  // other kinds are refused where an instruction uses them
      if (v.dtdv_type.dtdt_kind != DIF_TYPE_CTF || v.dtdv_type.dtdt_flags != 0 || v.dtdv_type.dtdt_size > 8)
        return make_error("global variable '" + var_name(d, v) +
                          "' is not a scalar: by-reference and string variables are not supported by "
                          "the bpf backend");
      if (g.slot.count(v.dtdv_id) != 0) continue;
      if (g.slot.size() >= kMaxGlobals)
        return make_error("more than " + std::to_string(kMaxGlobals) +
                          " global variables are not supported by the bpf backend");
      g.slot[v.dtdv_id] = static_cast<int16_t>(g.slot.size() * 8);
    }
  }
  return g;
}

}  // namespace dtrace::bpf
