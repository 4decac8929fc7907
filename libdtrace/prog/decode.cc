// Decoding and checking a program container, as the module does before
// it trusts any offset: used by tests (and by `dtrace -e`-style dumps).
#include <cstring>

#include "prog/encode.h"

namespace dtrace::prog {
namespace {

template <typename T>
bool get(const std::vector<uint8_t>& blob, const dtrace_prog_hdr& hdr, dtrace_prog_table t,
         std::vector<T>& out, std::string& why) {
  const dtrace_prog_tab& tab = hdr.dtph_tab[t];
  uint64_t bytes = static_cast<uint64_t>(tab.dtpt_count) * sizeof(T);
  if (tab.dtpt_count == 0) {
    out.clear();
    return true;
  }
  if (tab.dtpt_off % 8 != 0 || tab.dtpt_off < hdr.dtph_hdrsize || tab.dtpt_off + bytes > blob.size()) {
    why = "table " + std::to_string(t) + " out of bounds";
    return false;
  }
  out.resize(tab.dtpt_count);
  if (bytes) memcpy(out.data(), blob.data() + tab.dtpt_off, bytes);
  return true;
}

}  // namespace

std::string Decoded::str(uint32_t off) const {
  if (off >= strtab.size()) return "";
  return std::string(strtab.c_str() + off);
}

cc::Difo Decoded::difo(size_t i) const {
  const dtrace_prog_difo& d = difos[i];
  cc::Difo out;
  out.code.assign(code.begin() + d.dtpd_code, code.begin() + d.dtpd_code + d.dtpd_ncode);
  out.ints.assign(ints.begin() + d.dtpd_ints, ints.begin() + d.dtpd_ints + d.dtpd_nints);
  out.vars.assign(vars.begin() + d.dtpd_vars, vars.begin() + d.dtpd_vars + d.dtpd_nvars);
  out.strtab = strtab.substr(d.dtpd_strtab, d.dtpd_strlen);
  out.rtype = d.dtpd_rtype;
  return out;
}

Result<Decoded> decode(const std::vector<uint8_t>& blob) {
  Decoded d;
  if (blob.size() < sizeof(dtrace_prog_hdr)) return make_error("blob smaller than its header");
  memcpy(&d.hdr, blob.data(), sizeof d.hdr);
  const dtrace_prog_hdr& h = d.hdr;
  if (h.dtph_magic != DTRACE_PROG_MAGIC) return make_error("bad magic");
  if (h.dtph_version != DTRACE_PROG_VERSION) return make_error("bad version");
  if (h.dtph_hdrsize != sizeof(dtrace_prog_hdr)) return make_error("bad header size");
  if (h.dtph_size != blob.size() || h.dtph_size > DTRACE_PROG_MAXSIZE) return make_error("bad size");
  if (h.dtph_difvers != DTRACE_DIF_VERSION || h.dtph_nregs != DIF_DIR_NREGS || h.dtph_ntregs != DIF_DTR_NREGS)
    return make_error("DIF version or register counts differ");
  std::string why;
  std::vector<char> st;
  if (!get(blob, h, DTRACE_PT_STRTAB, st, why) || !get(blob, h, DTRACE_PT_PROBES, d.probes, why) ||
      !get(blob, h, DTRACE_PT_DIFOS, d.difos, why) || !get(blob, h, DTRACE_PT_CODE, d.code, why) ||
      !get(blob, h, DTRACE_PT_INTS, d.ints, why) || !get(blob, h, DTRACE_PT_VARS, d.vars, why) ||
      !get(blob, h, DTRACE_PT_ACTIONS, d.actions, why) || !get(blob, h, DTRACE_PT_CLAUSES, d.clauses, why) ||
      !get(blob, h, DTRACE_PT_OPTIONS, d.options, why))
    return make_error(why);
  d.strtab.assign(st.begin(), st.end());
  if (!d.strtab.empty() && d.strtab.back() != '\0') return make_error("string table not NUL-terminated");
  auto str_ok = [&](uint32_t off) { return off < d.strtab.size(); };
  for (const auto& p : d.probes)
    if (!str_ok(p.dtpp_provider) || !str_ok(p.dtpp_mod) || !str_ok(p.dtpp_func) || !str_ok(p.dtpp_name))
      return make_error("probe string out of range");
  for (const auto& f : d.difos) {
    if (static_cast<uint64_t>(f.dtpd_code) + f.dtpd_ncode > d.code.size() ||
        static_cast<uint64_t>(f.dtpd_ints) + f.dtpd_nints > d.ints.size() ||
        static_cast<uint64_t>(f.dtpd_vars) + f.dtpd_nvars > d.vars.size() ||
        static_cast<uint64_t>(f.dtpd_strtab) + f.dtpd_strlen > d.strtab.size())
      return make_error("DIFO slice out of range");
  }
  for (size_t i = 0; i < d.actions.size(); i++) {
    const auto& a = d.actions[i];
    if (a.dtpa_difo != DTRACE_NONE && a.dtpa_difo >= d.difos.size())
      return make_error("action DIFO out of range");
    if (a.dtpa_format != DTRACE_NONE && !str_ok(a.dtpa_format))
      return make_error("action format out of range");
    if (i + a.dtpa_ntuple >= d.actions.size() + (a.dtpa_ntuple == 0 ? 1 : 0))
      return make_error("action tuple runs past the table");
  }
  for (const auto& c : d.clauses) {
    if (c.dtpc_probe >= d.probes.size()) return make_error("clause probe out of range");
    if (c.dtpc_pred != DTRACE_NONE && c.dtpc_pred >= d.difos.size())
      return make_error("clause predicate out of range");
    if (static_cast<uint64_t>(c.dtpc_action) + c.dtpc_naction > d.actions.size())
      return make_error("clause actions out of range");
  }
  return d;
}

}  // namespace dtrace::prog
