#include "prog/encode.h"

#include <cstring>
#include <map>

namespace dtrace::prog {
namespace {

class StrTab {
 public:
  StrTab() { data_.push_back('\0'); }
  uint32_t add(const std::string& s) {
    if (s.empty()) return 0;
    auto it = index_.find(s);
    if (it != index_.end()) return it->second;
    uint32_t off = static_cast<uint32_t>(data_.size());
    data_.append(s);
    data_.push_back('\0');
    index_[s] = off;
    return off;
  }
  // A region copied as is (a DIFO's string table).
  uint32_t add_region(const std::string& region) {
    if (region.empty()) return 0;
    uint32_t off = static_cast<uint32_t>(data_.size());
    data_.append(region);
    return off;
  }
  const std::string& data() const { return data_; }

 private:
  std::string data_;
  std::map<std::string, uint32_t> index_;
};

template <typename T>
void put(std::vector<uint8_t>& blob, dtrace_prog_hdr& hdr, dtrace_prog_table t, const std::vector<T>& v) {
  hdr.dtph_tab[t].dtpt_count = static_cast<uint32_t>(v.size());
  if (v.empty()) {
    hdr.dtph_tab[t].dtpt_off = 0;  // empty tables: offset ignored, written as 0
    return;
  }
  while (blob.size() % 8) blob.push_back(0);
  hdr.dtph_tab[t].dtpt_off = static_cast<uint32_t>(blob.size());
  const uint8_t* p = reinterpret_cast<const uint8_t*>(v.data());
  blob.insert(blob.end(), p, p + v.size() * sizeof(T));
}

}  // namespace

std::vector<uint8_t> encode(const cc::Program& prog, const std::vector<dtrace_prog_option>& options,
                            uint32_t prog_id, const std::vector<bool>& skip, uint32_t flags) {
  StrTab st;
  std::vector<dtrace_prog_probe> probes;
  std::vector<dtrace_prog_clause> clauses;
  for (size_t i = 0; i < prog.clauses.size(); i++) {
    if (i < skip.size() && skip[i]) continue;
    const cc::Clause& c = prog.clauses[i];
    dtrace_prog_probe p{};
    p.dtpp_provider = st.add(c.probe.provider);
    p.dtpp_mod = st.add(c.probe.mod);
    p.dtpp_func = st.add(c.probe.func);
    p.dtpp_name = st.add(c.probe.name);
    p.dtpp_id = c.probe.id;
    probes.push_back(p);
    dtrace_prog_clause k{};
    k.dtpc_probe = static_cast<uint32_t>(probes.size() - 1);
    k.dtpc_pred = c.pred < 0 ? DTRACE_NONE : static_cast<uint32_t>(c.pred);
    k.dtpc_action = c.first_action;
    k.dtpc_naction = c.naction;
    k.dtpc_uarg = dtrace_prog_cookie_encode(prog_id, static_cast<uint32_t>(i));
    clauses.push_back(k);
  }
  std::vector<dtrace_prog_action> actions;
  for (size_t i = 0; i < prog.actions.size(); i++) {
    const cc::Action& a = prog.actions[i];
    dtrace_prog_action pa{};
    pa.dtpa_kind = a.kind;
    pa.dtpa_difo = a.difo < 0 ? DTRACE_NONE : static_cast<uint32_t>(a.difo);
    pa.dtpa_ntuple = a.ntuple;
    pa.dtpa_format = a.has_format ? st.add(a.format) : DTRACE_NONE;
    // An empty format string still needs its own offset: "" is offset 0.
    pa.dtpa_arg = a.arg;
    pa.dtpa_uarg = dtrace_prog_cookie_encode(prog_id, static_cast<uint32_t>(i));
    actions.push_back(pa);
  }
  std::vector<dtrace_prog_difo> difos;
  std::vector<dif_instr_t> code;
  std::vector<uint64_t> ints;
  std::vector<dtrace_difv> vars;
  for (const cc::Difo& d : prog.difos) {
    dtrace_prog_difo pd{};
    pd.dtpd_code = static_cast<uint32_t>(code.size());
    pd.dtpd_ncode = static_cast<uint32_t>(d.code.size());
    pd.dtpd_ints = static_cast<uint32_t>(ints.size());
    pd.dtpd_nints = static_cast<uint32_t>(d.ints.size());
    pd.dtpd_vars = static_cast<uint32_t>(vars.size());
    pd.dtpd_nvars = static_cast<uint32_t>(d.vars.size());
    pd.dtpd_strtab = st.add_region(d.strtab);
    pd.dtpd_strlen = static_cast<uint32_t>(d.strtab.size());
    pd.dtpd_rtype = d.rtype;
    code.insert(code.end(), d.code.begin(), d.code.end());
    ints.insert(ints.end(), d.ints.begin(), d.ints.end());
    vars.insert(vars.end(), d.vars.begin(), d.vars.end());
    difos.push_back(pd);
  }

  dtrace_prog_hdr hdr{};
  hdr.dtph_magic = DTRACE_PROG_MAGIC;
  hdr.dtph_flags = flags;
  hdr.dtph_version = DTRACE_PROG_VERSION;
  hdr.dtph_hdrsize = sizeof(dtrace_prog_hdr);
  hdr.dtph_difvers = DTRACE_DIF_VERSION;
  hdr.dtph_nregs = DIF_DIR_NREGS;
  hdr.dtph_ntregs = DIF_DTR_NREGS;
  std::vector<uint8_t> blob(sizeof(dtrace_prog_hdr), 0);
  std::vector<char> chars(st.data().begin(), st.data().end());
  put(blob, hdr, DTRACE_PT_STRTAB, chars);
  put(blob, hdr, DTRACE_PT_PROBES, probes);
  put(blob, hdr, DTRACE_PT_DIFOS, difos);
  put(blob, hdr, DTRACE_PT_CODE, code);
  put(blob, hdr, DTRACE_PT_INTS, ints);
  put(blob, hdr, DTRACE_PT_VARS, vars);
  put(blob, hdr, DTRACE_PT_ACTIONS, actions);
  put(blob, hdr, DTRACE_PT_CLAUSES, clauses);
  put(blob, hdr, DTRACE_PT_OPTIONS, options);
  put(blob, hdr, DTRACE_PT_PROVIDERS, std::vector<dtrace_prog_provider>{});
  put(blob, hdr, DTRACE_PT_USDT, std::vector<dtrace_prog_usdt>{});
  put(blob, hdr, DTRACE_PT_OFFSETS, std::vector<uint64_t>{});
  while (blob.size() % 8) blob.push_back(0);
  hdr.dtph_size = static_cast<uint32_t>(blob.size());
  memcpy(blob.data(), &hdr, sizeof hdr);
  return blob;
}

}  // namespace dtrace::prog
