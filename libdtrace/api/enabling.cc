#include "api/enabling.h"

#include <sched.h>

#include <cerrno>
#include <cstring>
#include <tuple>

#include "dtrace/dif.h"
#include "kio/missing_providers.h"
#include "prog/encode.h"
#include "prog/limits.h"
#include "proc/user_probes.h"

namespace dtrace::api {
namespace {

// -x cpu=N: the consumer enables from CPU N. Probes that fire on a single
// CPU fire on the one that enabled them (the profile provider pins tick-N
// there), so they fire where this consumer traces.
class PinnedToCpu {
 public:
  explicit PinnedToCpu(const Options& o) {
    if (!o.is_set(DTRACEOPT_CPU)) return;
    if (sched_getaffinity(0, sizeof saved_, &saved_) != 0) return;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(static_cast<int>(o.number(DTRACEOPT_CPU)), &one);
    pinned_ = sched_setaffinity(0, sizeof one, &one) == 0;
  }
  ~PinnedToCpu() {
    if (pinned_) (void)sched_setaffinity(0, sizeof saved_, &saved_);
  }
  PinnedToCpu(const PinnedToCpu&) = delete;
  PinnedToCpu& operator=(const PinnedToCpu&) = delete;

 private:
  cpu_set_t saved_{};
  bool pinned_ = false;
};

}  // namespace

dtrace_probedesc probe_pattern(const cc::ProbeSpec& s) {
  dtrace_probedesc d{};
  d.dtpd_id = s.id;
  std::strncpy(d.dtpd_provider, s.provider.c_str(), sizeof d.dtpd_provider - 1);
  std::strncpy(d.dtpd_mod, s.mod.c_str(), sizeof d.dtpd_mod - 1);
  std::strncpy(d.dtpd_func, s.func.c_str(), sizeof d.dtpd_func - 1);
  std::strncpy(d.dtpd_name, s.name.c_str(), sizeof d.dtpd_name - 1);
  return d;
}

Result<std::vector<dtrace_probedesc>> Enablings::match(const dtrace_probedesc& pattern) {
  std::vector<dtrace_probedesc> out;
  uint32_t start = 0;
  for (;;) {
    auto p = dev_->probe_match(pattern, start);
    if (!p) return p.error();
    if (!*p) return out;
    out.push_back(**p);
    start = (*p)->dtpd_id + 1;
  }
}

Result<uint32_t> Enablings::create_user_probes(cc::ProbeSpec& s) {
  if (s.id) return 0u;
  std::string asked = s.str();
  if (auto done = user_specs_done_.find(asked); done != user_specs_done_.end()) {
    s.mod = done->second.first;
    s.func = done->second.second;
    return 0u;
  }
  proc::UserProbeContext ctx{*dev_, files_, {}};
  auto n = proc::create_user_probes(s, ctx);
  if (n) user_specs_done_.emplace(asked, std::pair{s.mod, s.func});
  return n;
}

Result<uint32_t> Enablings::create_every_drti_probe() {
  proc::UserProbeContext ctx{*dev_, files_, {}};
  return proc::create_every_drti_probe(ctx);
}

Result<uint32_t> Enablings::count_matches(cc::ProbeSpec& s) {
  if (auto made = create_user_probes(s); !made) return made.error();
  auto all = match(probe_pattern(s));
  return all ? static_cast<uint32_t>(all->size()) : 0;
}

Result<uint32_t> Enablings::enable(size_t index) {
  PinnedToCpu pinned(options_);
  return enable_program(index);
}

Status Enablings::enable_error_program() {
  if (!error_pending_) return Ok{};
  error_pending_ = false;  // tried once
  PinnedToCpu pinned(options_);
  if (auto r = enable_program(*error_program_); !r) return r.error();
  return Ok{};
}

Result<uint32_t> Enablings::enable_program(size_t index) {
  const cc::Program& prog = programs_[index];
  // -Z skipped matching: create the user probes now. The module keeps
  // the clauses that still match nothing and gives them the probes
  // that appear later (doc/usdt.md, late matching).
  for (const cc::Clause& c : prog.clauses) {
    cc::ProbeSpec s = c.probe;
    if (auto made = create_user_probes(s); !made) return made.error();
  }
  uint32_t flags = options_.zdefs() ? DTRACE_PROGF_ZDEFS : 0;
  auto blob = prog::encode(prog, options_.kernel_options(), static_cast<uint32_t>(index), {}, flags);
  kio::EnableFailure why;
  auto r = dev_->enable(blob, &why);
  if (r) return r->nprobes;
  if (auto worded = prog::enable_refusal(why.err, why.detail, r.error().message)) return *worded;
  if (why.err == ENOENT && why.detail.dten_clause < prog.clauses.size()) {
    const cc::ProbeSpec& s = prog.clauses[why.detail.dten_clause].probe;
    std::string missing = kio::missing_provider_note(s.provider);
    return make_error("probe description " + s.str() + " does not match any probes" +
                          (missing.empty() ? "" : " (" + missing + ")"),
                      ErrTag::D_PDESC_ZERO, s.loc.line, s.loc.column);
  }
  return r.error();
}

Result<const dtrace_probedesc*> Enablings::probe(uint32_t id) {
  auto it = probes_.find(id);
  if (it != probes_.end()) return &it->second;
  auto p = dev_->probe_match(dtrace_probedesc{}, id);
  if (!p) return p.error();
  if (!*p || (*p)->dtpd_id != id) return make_error("probe " + std::to_string(id) + " vanished");
  return &probes_.emplace(id, **p).first->second;
}

Result<const kio::EpDesc*> Enablings::epdesc(uint32_t epid) {
  auto it = epdescs_.find(epid);
  if (it != epdescs_.end()) return &it->second;
  auto d = dev_->epdesc(epid);
  if (!d) return d.error();
  return &epdescs_.emplace(epid, std::move(*d)).first->second;
}

Result<uint32_t> Enablings::data_size(uint32_t epid) {
  auto d = epdesc(epid);
  if (!d) return d.error();
  return (*d)->size;
}

std::pair<const cc::Program*, const cc::Clause*> Enablings::source(const kio::EpDesc& ep) const {
  auto [prog_id, clause] = dtrace_prog_cookie_decode(ep.uarg);
  if (prog_id >= programs_.size() || clause >= programs_[prog_id].clauses.size()) return {nullptr, nullptr};
  return {&programs_[prog_id], &programs_[prog_id].clauses[clause]};
}

Result<Ecb> Enablings::ecb(uint32_t epid) {
  Ecb e;
  auto ep = epdesc(epid);
  if (!ep) return ep.error();
  e.ep = *ep;
  std::tie(e.program, e.clause) = source(*e.ep);
  if (!e.program) return make_error("EPID " + std::to_string(epid) + " belongs to no known program");
  auto p = probe(e.ep->probeid);
  if (!p) return p.error();
  e.probe = *p;
  e.error_clause = error_program_ && e.program == &programs_[*error_program_];
  return e;
}

consume::FaultingEcb Enablings::faulting(uint32_t epid) {
  consume::FaultingEcb f;
  auto ep = epdesc(epid);
  if (!ep) return f;
  std::tie(f.program, f.clause) = source(**ep);
  f.probe_id = (*ep)->probeid;
  if (auto p = probe(f.probe_id)) f.probe = *p;
  return f;
}

}  // namespace dtrace::api
