#include "bpf/globals.h"

#include <string>
#include <vector>

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

std::string too_big() {
  return "global variables of more than " + std::to_string(kMaxBytes) +
         " bytes are not supported by the bpf backend";
}

}  // namespace

Result<Globals> layout_globals(std::span<const DifoView> difos, uint32_t strsize) {
  Globals g;
  g.strsize = strsize;
  // The scalars first, then the by-reference ones, so that what a
  // pointer may store into is one range, as the module's gstore.
  struct Ref {
    uint16_t id;
    uint32_t size;
    bool string;
  };
  std::vector<Ref> refs;
  std::set<uint16_t> seen;
  for (const DifoView& d : difos) {
    for (const dtrace_difv& v : d.vars) {
      if (v.dtdv_scope != DIFV_SCOPE_GLOBAL || v.dtdv_kind != DIFV_KIND_SCALAR ||
          v.dtdv_id < DIF_VAR_OTHER_UBASE)
        continue;  // other kinds are refused where an instruction uses them
      const dtrace_diftype& t = v.dtdv_type;
      bool string = t.dtdt_kind == DIF_TYPE_STRING && strsize > 0 && strsize % 8 == 0 &&
                    strsize <= kMaxCompare && (t.dtdt_flags & DIF_TF_BYUREF) == 0;
      if (!string && t.dtdt_kind == DIF_TYPE_STRING)
        return make_error("global variable '" + var_name(d, v) + "' is a string: under strsize " +
                          std::to_string(strsize) + ", it is not supported by the bpf backend");
      bool ref = t.dtdt_kind == DIF_TYPE_CTF && t.dtdt_flags == DIF_TF_BYREF && t.dtdt_size > 0;
      if (!string && !ref && (t.dtdt_kind != DIF_TYPE_CTF || t.dtdt_flags != 0 || t.dtdt_size > 8))
        return make_error(
            "global variable '" + var_name(d, v) +
            "' is not a scalar: user by-reference variables are not supported by the bpf backend");
      if (!seen.insert(v.dtdv_id).second) continue;
      if (seen.size() > kMaxGlobals)
        return make_error("more than " + std::to_string(kMaxGlobals) +
                          " global variables are not supported by the bpf backend");
      if (string || ref) {
        refs.push_back({v.dtdv_id, string ? strsize : t.dtdt_size, string});
        continue;
      }
      if (g.bytes + 8 > kMaxBytes) return make_error(too_big());
      g.slot[v.dtdv_id] = static_cast<int16_t>(g.bytes);
      g.bytes += 8;
    }
  }
  g.ref_base = g.bytes;
  for (const Ref& r : refs) {
    uint64_t size = (static_cast<uint64_t>(r.size) + 7) & ~uint64_t{7};
    if (g.bytes + size > kMaxBytes) return make_error(too_big());
    g.slot[r.id] = static_cast<int16_t>(g.bytes);
    g.bytes += static_cast<uint32_t>(size);
    if (r.string) g.strings.insert(r.id);
    else g.refs[r.id] = r.size;
  }
  g.ref_bytes = g.bytes - g.ref_base;
  return g;
}

}  // namespace dtrace::bpf
