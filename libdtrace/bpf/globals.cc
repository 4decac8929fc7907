#include "bpf/globals.h"

#include <string>

#include "bpf/strings.h"

namespace dtrace::bpf {

namespace {

// Offsets into the element are BPF's 16-bit signed instruction offsets.
constexpr size_t kMaxGlobals = 4096;
constexpr uint32_t kMaxBytes = 32760;

std::string var_name(const DifoView& d, const dtrace_difv& v) {
  if (v.dtdv_name >= d.strtab.size()) return "#" + std::to_string(v.dtdv_id);
  return std::string(d.strtab.substr(v.dtdv_name).data());
}

}  // namespace

Result<Globals> layout_globals(std::span<const DifoView> difos, uint32_t strsize) {
  Globals g;
  g.strsize = strsize;
  for (const DifoView& d : difos) {
    for (const dtrace_difv& v : d.vars) {
      if (v.dtdv_scope != DIFV_SCOPE_GLOBAL || v.dtdv_kind != DIFV_KIND_SCALAR ||
          v.dtdv_id < DIF_VAR_OTHER_UBASE)
        continue;  // other kinds are refused where an instruction uses them
      bool string = v.dtdv_type.dtdt_kind == DIF_TYPE_STRING && strsize > 0 && strsize % 8 == 0 &&
                    strsize <= kMaxCompare && (v.dtdv_type.dtdt_flags & DIF_TF_BYUREF) == 0;
      if (!string && v.dtdv_type.dtdt_kind == DIF_TYPE_STRING)
        return make_error("global variable '" + var_name(d, v) + "' is a string: under strsize " +
                          std::to_string(strsize) + ", it is not supported by the bpf backend");
      if (!string &&
          (v.dtdv_type.dtdt_kind != DIF_TYPE_CTF || v.dtdv_type.dtdt_flags != 0 || v.dtdv_type.dtdt_size > 8))
        return make_error("global variable '" + var_name(d, v) +
                          "' is not a scalar: by-reference variables are not supported by the bpf backend");
      if (g.slot.count(v.dtdv_id) != 0) continue;
      if (g.slot.size() >= kMaxGlobals)
        return make_error("more than " + std::to_string(kMaxGlobals) +
                          " global variables are not supported by the bpf backend");
      uint32_t size = string ? strsize : 8;
      if (g.bytes + size > kMaxBytes)
        return make_error("global variables of more than " + std::to_string(kMaxBytes) +
                          " bytes are not supported by the bpf backend");
      g.slot[v.dtdv_id] = static_cast<int16_t>(g.bytes);
      g.bytes += size;
      if (string) g.strings.insert(v.dtdv_id);
    }
  }
  return g;
}

}  // namespace dtrace::bpf
