#include "bpf/device.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "bpf/agg_maps.h"
#include "bpf/bufs.h"
#include "bpf/dynvars.h"
#include "bpf/ecbs.h"
#include "bpf/fbt_kprobe.h"
#include "bpf/fbt_prov.h"
#include "bpf/globals.h"
#include "bpf/spec.h"
#include "bpf/load.h"
#include "bpf/probe_prog.h"
#include "bpf/profile_prov.h"
#include "bpf/sdt_prov.h"
#include "bpf/strings.h"
#include "bpf/cpc_prov.h"
#include "bpf/stable_fire.h"
#include "bpf/stable_prov.h"
#include "bpf/syscall_dispatch.h"
#include "bpf/syscall_prov.h"
#include "bpf/uprobe_attach.h"
#include "bpf/uprobe_prov.h"

extern "C" {
#include "dtrace/ustack.h"
#include "user/inproc.h"
}

namespace dtrace::bpf {
namespace {

constexpr uint32_t kRingSize = 4u << 20;        // a power of 2 and of the page size
constexpr uint32_t kErrorRingSize = 1u << 20;   // one ERROR firing's records, read at once
constexpr uint32_t kMaxFaultsPerDrain = 65536;  // the rest wait for the next drain
constexpr int kStopAtFault = -EAGAIN;           // on_sample: stop reading at a fault record

// A scratch element per CPU for each kind of context a probe program
// runs in: a perf event's program (profile, tick: in an interrupt) may
// run in the middle of a tracepoint's on the same CPU, and a program
// fired from here (BEGIN, END, ERROR: sleepable) may be preempted by a
// task whose system call fires one; none may write into another's.
// An fbt program may run inside any other's helpers (a traced function).
// A uprobe's may run inside another's helper that faults a page in.
constexpr int kFiredScratch = 0, kTracepointScratch = 1, kPerfScratch = 2, kFbtScratch = 3,
              kUprobeScratch = 4, kScratchKinds = 5;

enum class Role {
  kBegin,
  kEnd,
  kError,
  kTick,
  kProfile,
  kSysEntry,
  kSysReturn,
  kSdt,
  kFbtEntry,
  kFbtReturn,
  kUprobe,
  kUretprobe,
  kStable,
  kCpc
};

struct ProbeProg {
  Role role;
  Fd prog;
  uint64_t period_ns = 0;              // kTick, kProfile
  std::string tracepoint;              // kSdt
  Fd link;                             // kFbtEntry, kFbtReturn: attached at ENABLE (gated until GO)
  const dtbpf_uprobe* user = nullptr;  // kUprobe, kUretprobe, with its site
  uint32_t site = 0;
  const dtbpf_cpc* cpc = nullptr;  // kCpc
  std::string also = "";           // kStable: a second tracepoint, or ""
  std::vector<Fd> links = {};      // a shared fbt program's (fbt_kprobe.h)
  Fd ids = Fd();                   // its probes' records
  uint32_t sysnr = 0;              // kSysEntry, kSysReturn: the call's number
};

// fbt probes of one clause set share a program from this many on: a
// kprobe's firing costs more than fentry's (doc/bpf.md, "fbt").
constexpr size_t kShareMin = 16;

// What makes the ECBs of fbt probes one clause set: their code and
// layout, all but the probe's and the ECBs' ids.
std::string clause_set(std::span<const EcbCode> list) {
  std::string s;
  auto bytes = [&s](const void* p, size_t n) {
    if (p != nullptr) s.append(static_cast<const char*>(p), n);
    s.push_back('|');
  };
  auto difo = [&bytes](const dtbpf_difo& d) {
    bytes(d.code, d.ncode * sizeof(*d.code));
    bytes(d.ints, d.nints * sizeof(*d.ints));
    bytes(d.strtab, d.strlen);
    bytes(d.vars, d.nvars * sizeof(*d.vars));
    bytes(&d.rtype, sizeof(d.rtype));
  };
  auto action = [&](const dtbpf_action& a) {
    difo(a.difo);
    uint64_t f[] = {a.kind, a.rec, a.size, a.offset, a.arg};
    bytes(f, sizeof(f));
  };
  for (const EcbCode& e : list) {
    uint64_t f[] = {e.ecb.size, e.ecb.nacts, e.ecb.noheader};
    bytes(f, sizeof(f));
    difo(e.ecb.pred);
    for (const dtbpf_action& a : e.acts) action(a);
    for (const auto& [id, g] : e.aggs) {
      difo(g.agg.value);
      difo(g.agg.incr);
      uint64_t h[] = {g.agg.arg, g.agg.nkeys, g.agg.keylen, g.agg.valsize, g.agg.kind};
      bytes(h, sizeof(h));
      for (const dtbpf_action& k : g.keys) action(k);
    }
  }
  return s;
}

// The providers' tables, which the probes' cookies point into.
struct ProvTables {
  dtbpf_sdt* sdt = nullptr;
  dtbpf_fbt* fbt = nullptr;
  dtbpf_uprobes* user = nullptr;
  dtbpf_cpcs* cpc = nullptr;
  dtrace_core* core = nullptr;  // the stable providers' probes
  ProvTables() = default;
  ProvTables(const ProvTables&) = delete;
  ProvTables& operator=(const ProvTables&) = delete;
  ~ProvTables() {
    dtbpf_sdt_free(sdt);
    dtbpf_fbt_free(fbt);
    dtbpf_uprobes_free(user);
    dtbpf_cpc_free(cpc);
  }
};

bool is_syscall(Role r) { return r == Role::kSysEntry || r == Role::kSysReturn; }
// Fired from a raw tracepoint.
bool is_tracepoint(Role r) { return is_syscall(r) || r == Role::kSdt || r == Role::kStable; }
bool is_fbt(Role r) { return r == Role::kFbtEntry || r == Role::kFbtReturn; }
bool is_user(Role r) { return r == Role::kUprobe || r == Role::kUretprobe; }

// What a record's EPID tells the drain.
struct EpInfo {
  bool exits = false;     // has exit(): the state is exiting once it fired
  bool end = false;       // an END clause's: fill keeps room for it
  bool in_error = false;  // an ERROR clause's: its faults are double errors
};

EpInfo ep_info(const EcbCode& e, Role role) {
  EpInfo info;
  info.in_error = role == Role::kError;
  info.end = role == Role::kEnd;
  for (const dtbpf_action& a : e.acts) info.exits |= a.rec == DTBPF_REC_EXIT;
  return info;
}

Result<Role> role_of(const dtbpf_ecb& e, const ProvTables& t) {
  std::string prov = e.provider, name = e.name;
  if (const dtbpf_uprobe* u = dtbpf_uprobe_lookup(t.user, e.probe_id))
    return u->kind == DTRACE_UP_RETURN ? Role::kUretprobe : Role::kUprobe;
  if (dtbpf_stable_is(t.core, e.probe_id)) return Role::kStable;
  if (prov == "dtrace" && name == "BEGIN") return Role::kBegin;
  if (prov == "dtrace" && name == "END") return Role::kEnd;
  if (prov == "dtrace" && name == "ERROR") return Role::kError;
  if (prov == "profile") return (e.cookie & 1) ? Role::kTick : Role::kProfile;
  if (prov == "cpc") return Role::kCpc;
  if (prov == "sdt") return Role::kSdt;
  if (prov == "fbt") return (e.cookie & 1) ? Role::kFbtReturn : Role::kFbtEntry;
#if defined(__x86_64__)
  if (prov == "syscall") return (e.cookie & 1) ? Role::kSysReturn : Role::kSysEntry;
#endif
  return make_error("probe " + prov + ":" + e.mod + ":" + e.func + ":" + name +
                    ": the provider is not supported by the bpf backend");
}

// A cpu-clock perf event on cpu every period_ns, running prog.
Result<Fd> attach_clock(int cpu, uint64_t period_ns, const Fd& prog) {
  perf_event_attr a{};
  a.type = PERF_TYPE_SOFTWARE;
  a.config = PERF_COUNT_SW_CPU_CLOCK;
  a.sample_period = period_ns;
  return open_perf_event(a, -1, cpu, prog, "a cpu-clock perf event");
}

// A cpc probe's sampling counter on one CPU, as the module's cpc_enable().
Result<Fd> attach_counter(int cpu, const dtbpf_cpc& c, const Fd& prog) {
  perf_event_attr a{};
  a.type = c.type;
  a.config = c.config;
  a.sample_period = c.period;
  a.pinned = 1;
  a.exclude_user = !c.user;
  a.exclude_kernel = !c.kernel;
  a.exclude_hv = 1;
  auto ev = open_perf_event(a, -1, cpu, prog, "the cpc probe's counter");
  // No such counter on this CPU (no PMU): said plainly, as the module's.
  if (!ev && c.type == PERF_TYPE_HARDWARE)
    return make_error("no hardware counter for the cpc probe on CPU " + std::to_string(cpu) + ": " +
                      std::strerror(EOPNOTSUPP));
  return ev;
}

// A function's fentry or fexit program (a BPF trampoline) refused; the
// kprobes tried next add why they failed too (make_shared()).
Error fbt_refused(const dtbpf_ecb& e, bpf_attach_type at, const Error& why) {
  return make_error("probe fbt:" + std::string(e.mod) + ":" + e.func + ":" + e.name +
                    ": the kernel refused its " + (at == BPF_TRACE_FENTRY ? "fentry" : "fexit") +
                    " program (a BPF trampoline): " + why.message);
}

// Runs this thread on one CPU while it lives (BEGIN, END and ERROR fire
// where the module fires them), then where it ran before.
class PinCpu {
 public:
  explicit PinCpu(uint32_t cpu) {
    if (sched_getaffinity(0, sizeof(saved_), &saved_) != 0) return;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    pinned_ = sched_setaffinity(0, sizeof(one), &one) == 0;
  }
  ~PinCpu() {
    if (pinned_) sched_setaffinity(0, sizeof(saved_), &saved_);
  }
  PinCpu(const PinCpu&) = delete;
  PinCpu& operator=(const PinCpu&) = delete;

 private:
  cpu_set_t saved_{};
  bool pinned_ = false;
};

uint64_t now_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000u + static_cast<uint64_t>(ts.tv_nsec);
}

class BpfDevice final : public kio::Device {
  struct Fault {
    Frame args;    // ERROR's arguments
    uint32_t cpu;  // where it faulted: ERROR fires there
  };

 public:
  BpfDevice(dtrace_inproc* m, std::unique_ptr<ProvTables> provs, dtrace_inproc_file* f,
            std::vector<Fd> scratch, Fd ring, Fd lost, Fd state, AggMaps aggs)
      : m_(m),
        provs_(std::move(provs)),
        f_(f),
        scratch_(std::move(scratch)),
        ring_(std::move(ring)),
        state_(std::move(state)),
        lost_(std::move(lost)),
        aggs_(std::move(aggs)) {
    io_ = kio::make_ioctl_device([this](unsigned long req, void* arg) {
      int r = dtrace_inproc_ioctl(f_, req, arg);
      if (r < 0) {
        errno = -r;
        return -1;
      }
      return 0;
    });
  }
  ~BpfDevice() override {
    events_.clear();
    if (rb_) ring_buffer__free(rb_);
    if (err_rb_) ring_buffer__free(err_rb_);
    progs_.clear();
    io_.reset();
    dtrace_inproc_close(f_);
    dtrace_inproc_destroy(m_);
  }

  Status start_reader() {
    rb_ = ring_buffer__new(ring_.get(), &BpfDevice::on_sample, this, nullptr);
    if (rb_ == nullptr)
      return make_error(std::string("cannot read the bpf ring buffer: ") + std::strerror(errno));
    int er = bpf_map_create(BPF_MAP_TYPE_RINGBUF, "dt_errrecords", 0, 0, kErrorRingSize, nullptr);
    if (er < 0)
      return make_error(std::string("cannot create the bpf ring buffer for ERROR: ") + std::strerror(-er));
    err_ring_ = Fd(er);
    err_rb_ = ring_buffer__new(er, &BpfDevice::on_sample, this, nullptr);
    if (err_rb_ == nullptr)
      return make_error(std::string("cannot read the bpf ring buffer for ERROR: ") + std::strerror(errno));
    return Ok{};
  }

  // The core lays out for one CPU; the consumer sees every possible
  // CPU, whose aggregations it reads one by one (principal buffers all
  // come with CPU 0's).
  Result<dtrace_conf> conf() override {
    auto c = io_->conf();
    int n = libbpf_num_possible_cpus();
    if (c && n > 0) c->dtc_ncpus = c->dtc_maxcpu = static_cast<uint32_t>(n);
    return c;
  }
  Result<std::optional<dtrace_probedesc>> probe_match(const dtrace_probedesc& pattern,
                                                      uint32_t start) override {
    return io_->probe_match(pattern, start);
  }
  Result<dtrace_argdesc> probe_arg(uint32_t id, uint32_t ndx) override { return io_->probe_arg(id, ndx); }
  Result<kio::EpDesc> epdesc(uint32_t epid) override { return io_->epdesc(epid); }
  Result<kio::AggDesc> aggdesc(uint32_t aggid) override { return io_->aggdesc(aggid); }
  Result<std::string> format(uint32_t id) override { return io_->format(id); }

  // kernel/core lays the ECBs out; then every probe's program is made
  // again over all of them (the globals span every enabling).
  Result<kio::EnableResult> enable(const std::vector<uint8_t>& prog, kio::EnableFailure* failure) override {
    auto r = io_->enable(prog, failure);
    if (!r) return r;
    if (Status st = prepare(); !st) {
      if (failure) *failure = kio::EnableFailure{EOPNOTSUPP, {}};
      return st.error();
    }
    return r;
  }

  // BEGIN fires first, as in the module's GO; then the other probes are
  // attached (only while ACTIVE do they record: exit() in BEGIN stops them).
  Result<uint32_t> go() override {
    // Worded as DTrace words a GO the module refused: the errno alone.
    if (int r = dtbpf_bufs_alloc(f_); r != 0) return make_error(std::strerror(-r));
    if (speculates_ && specs_.size == 0)
      return make_error("Enabling exceeds size of buffer");  // the module's E2BIG
    activity_ = DTRACE_ACTIVITY_ACTIVE;
    if (Status st = set_state(DTRACE_ACTIVITY_ACTIVE); !st) return st.error();
    uint32_t begin_cpu = fired_cpu();
    if (Status st = run(Role::kBegin, Frame{}, begin_cpu); !st) return st.error();
    long ncpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (lockstat_begin_.get() >= 0) {
      if (Status st = attach_tracepoint("contention_begin", lockstat_begin_); !st) return st.error();
    }
    if (dyn_exit_.get() >= 0) {
      if (Status st = attach_tracepoint("sched_process_exit", dyn_exit_); !st) return st.error();
    }
    // The system calls' first: the perf events' ioctls below fire them.
    for (const ProbeProg& p : progs_)
      if (is_syscall(p.role)) syscalls_.add(p.role == Role::kSysReturn, p.sysnr, p.prog);
    if (Status st = syscalls_.attach(&events_); !st) return st.error();
    for (const ProbeProg& p : progs_) {
      // tick-N fires on one CPU: CPU 0, which keeps its timer tick when
      // idle. On another, idle CPU the cpu-clock event did not fire at
      // all (this host: `taskset -c 1 dtrace ... tick-50ms` counted
      // nothing in a second, and tick-50ms { exit(0); } hung 3 runs of 12).
      // Under the cpu option, on the CPU it names.
      int first = only_cpu_ == kAllCpus ? 0 : static_cast<int>(only_cpu_);
      int last = p.role == Role::kTick || only_cpu_ != kAllCpus ? first : static_cast<int>(ncpus) - 1;
      if (is_syscall(p.role)) continue;
      if (is_tracepoint(p.role)) {
        if (Status st = attach_tracepoint(p.tracepoint.c_str(), p.prog); !st) return st.error();
        if (!p.also.empty())
          if (Status st = attach_tracepoint(p.also.c_str(), p.prog); !st) return st.error();
        continue;
      }
      if (is_user(p.role)) {
        if (Status st = attach_uprobes(*p.user, p.site, p.prog, &events_); !st) return st.error();
        continue;
      }
      if (p.role == Role::kCpc) {
        for (int cpu = 0; cpu < static_cast<int>(ncpus); cpu++) {
          if (only_cpu_ != kAllCpus && static_cast<uint32_t>(cpu) != only_cpu_) continue;
          auto ev = attach_counter(cpu, *p.cpc, p.prog);
          if (!ev) return ev.error();
          events_.push_back(std::move(*ev));
        }
        continue;
      }
      if (p.role != Role::kTick && p.role != Role::kProfile) continue;
      for (int cpu = first; cpu <= last; cpu++) {
        auto ev = attach_clock(cpu, p.period_ns, p.prog);
        if (!ev) return ev.error();
        events_.push_back(std::move(*ev));
      }
    }
    // After the probes' programs on contention_end (a tracepoint runs
    // its programs in the order they were attached).
    if (lockstat_end_.get() >= 0) {
      if (Status st = attach_tracepoint("contention_end", lockstat_end_); !st) return st.error();
    }
    attached_ = true;
    return begin_cpu;
  }

  Result<uint32_t> stop() override {
    uint32_t end_cpu = fired_cpu();
    if (activity_ == DTRACE_ACTIVITY_STOPPED) return end_cpu;
    activity_ = DTRACE_ACTIVITY_DRAINING;
    if (Status st = set_state(DTRACE_ACTIVITY_DRAINING); !st) return st.error();
    events_.clear();
    if (Status st = run(Role::kEnd, Frame{}, end_cpu); !st) return st.error();
    // END's records in the buffers before fill and ring hand them out.
    if (Status st = drain(); !st) return st.error();
    dtbpf_bufs_stopped(f_);
    activity_ = DTRACE_ACTIVITY_STOPPED;
    return end_cpu;
  }

  // The records drained so far are in the module's buffers, whose
  // BUFSNAP (switch, or fill and ring once stopped) hands them out.
  Result<kio::Snapshot> bufsnap(uint32_t cpu) override {
    if (Status st = drain(); !st) return st.error();
    return io_->bufsnap(cpu);
  }
  // bufresize=auto's lowering, as the module's BUFSNAP and AGGSNAP tell it.
  Result<uint64_t> buffer_size(uint32_t cpu, bool agg) override { return io_->buffer_size(cpu, agg); }

  // CPU 0's snapshot takes every CPU's (and the drops); the others hand
  // theirs out, as the consumer asks for each in turn.
  Result<kio::Snapshot> aggsnap(uint32_t cpu) override {
    kio::Snapshot s;
    s.cpu = cpu;
    if (cpu == 0) {
      auto data = aggs_.snapshot(&s.drops);
      if (!data) return data.error();
      aggsnaps_ = std::move(*data);
    }
    if (cpu < aggsnaps_.size()) s.data = std::move(aggsnaps_[cpu]);
    s.timestamp = now_ns();
    return s;
  }

  Result<dtrace_status> status() override {
    if (Status st = drain(); !st) return st.error();
    dtrace_status s{};
    s.dtst_errors = errors_;
    s.dtst_dblerrors = dblerrors_;
    uint64_t dyndrops = dynvar_drops(dyn_);  // since the last STATUS, as the module's
    s.dtst_dyndrops = dyndrops - dyndrops_seen_;
    dyndrops_seen_ = dyndrops;
    // A fill buffer full: tracing stops, as the module's fill_reserve().
    uint64_t filled = dtbpf_bufs_filled(f_);
    s.dtst_filled = filled - filled_seen_;
    filled_seen_ = filled;
    if (filled != 0 && activity_ == DTRACE_ACTIVITY_ACTIVE) {
      activity_ = DTRACE_ACTIVITY_DRAINING;
      if (Status st = set_state(DTRACE_ACTIVITY_DRAINING); !st) return st.error();
    }
    uint64_t unavail = 0, busy = 0, specdrops = spec_drain_.drops();  // the same for speculations
    spec_unavail(specs_, &unavail, &busy);
    s.dtst_specdrops = specdrops - spec_seen_.drops;
    s.dtst_specdrops_unavail = unavail - spec_seen_.unavail;
    s.dtst_specdrops_busy = busy - spec_seen_.busy;
    spec_seen_ = {specdrops, unavail, busy};
    uint64_t late = dtbpf_late_refused(f_) + late_refused_;
    s.dtst_late_refused = late - late_seen_;
    late_seen_ = late;
    s.dtst_activity = activity_;
    s.dtst_exiting = exiting_;
    return s;
  }

  // The module's DTRACEIOC_USERPROBE, whose uprobes GO plants.
  Result<uint32_t> userprobe(dtrace_userprobe& up, int* err) override {
    int r = dtbpf_uprobe_create(provs_->user, &up);
    if (err) *err = -r;
    if (r == -EOPNOTSUPP) return make_error("is-enabled USDT probes are not supported by the bpf backend");
    if (r != 0) return make_error(std::strerror(-r));
    return up.dtup_desc.dtpd_id;
  }
  // Probes made after ENABLE (a -G object's registration,
  // api/late_helpers.h) get the retained enablings' ECBs
  // (kernel/core/late.c), as the module's late matching gives them, and
  // programs that share the globals, strings and maps laid out at ENABLE,
  // attached at once when tracing has begun, else at GO. An ECB whose
  // program is refused is counted as the core counts one over a limit.
  Status match_late(const std::vector<uint32_t>& ids) override {
    if (!prepared_ || activity_ == DTRACE_ACTIVITY_STOPPED || ids.empty()) return Ok{};
    uint32_t from = dtbpf_necbs(f_);
    if (int r = dtbpf_match_new(f_, ids.data(), static_cast<uint32_t>(ids.size())); r != 0)
      return make_error(std::strerror(-r));
    std::vector<EcbCode> ecbs;
    const uint64_t aggsize = dtbpf_bufs_aggsize(f_);
    for (uint32_t epid = from + 1; epid <= dtbpf_necbs(f_); epid++) {
      EcbCode e;
      if (dtbpf_get_ecb(f_, epid, &e.ecb) != 0) continue;
      e.acts.resize(e.ecb.nacts);
      for (uint32_t i = 0; i < e.ecb.nacts; i++) dtbpf_get_action(f_, epid, i, &e.acts[i]);
      read_aggs(e);
      bool ok = check_ecb(e, true).ok();
      for (auto& [id, a] : e.aggs) ok = ok && aggs_.add(a, aggsize).ok();
      for (const dtbpf_action& a : e.acts) ok = ok && (a.rec != DTBPF_REC_SPECULATE || speculates_);
      if (!ok) {
        late_refused_++;
        continue;
      }
      ecbs.push_back(std::move(e));
    }
    if (ecbs.empty()) return Ok{};
    Strings s = strings_;
    intern_probe_names(s, ecbs);
    if (s.bytes.size() != strings_.bytes.size()) {
      auto consts = create_consts_map(s);
      if (!consts) return consts.error();
      s.consts_fd = consts->get();
      late_consts_.push_back(std::move(*consts));
      strings_ = std::move(s);
    }
    ProbeMaps maps = probe_maps(&strings_, &dyn_, &specs_);
    std::map<uint32_t, std::vector<EcbCode>> by_probe;
    for (EcbCode& e : ecbs) by_probe[e.ecb.probe_id].push_back(std::move(e));
    for (auto& [probe, list] : by_probe) {
      const dtbpf_uprobe* up = dtbpf_uprobe_lookup(provs_->user, probe);
      auto role = role_of(list.front().ecb, *provs_);
      if (up == nullptr || !role) {
        late_refused_ += list.size();
        continue;
      }
      for (const EcbCode& e : list) eps_[e.ecb.epid] = ep_info(e, *role);
      for (uint32_t site = 0; site < up->nsites; site++) {
        auto p = make_prog(*role, list, layout_, maps, site);
        if (!p && site == 0) p = make_late_prog(*role, list, maps);
        if (!p) break;
        // A process gone meanwhile has nothing left to fire.
        if (attached_)
          if (Status st = attach_uprobes(*p->user, p->site, p->prog, &events_); !st) continue;
        progs_.push_back(std::move(*p));
      }
    }
    return Ok{};
  }

  // A late probe's program refused with all its ECBs: the ECBs that the
  // bpf backend takes alone (list keeps them), the others refused.
  Result<ProbeProg> make_late_prog(Role role, std::vector<EcbCode>& list, const ProbeMaps& maps) {
    std::vector<EcbCode> kept;
    for (EcbCode& e : list) {
      if (make_prog(role, std::span<const EcbCode>(&e, 1), layout_, maps, 0)) kept.push_back(std::move(e));
      else late_refused_++;
    }
    list = std::move(kept);
    if (list.empty()) return make_error("every late ECB refused");
    auto p = make_prog(role, list, layout_, maps, 0);
    if (!p) late_refused_ += list.size();
    return p;
  }

  // drti finds no /dev/dtrace: the consumer makes the -G objects' probes.
  bool takes_helpers() const override { return false; }
  Status userprobe_argtypes(uint32_t id, const std::string& types, uint32_t nargs) override {
    if (int r = dtbpf_uprobe_set_argtypes(provs_->user, id, types.c_str(), nargs); r != 0)
      return make_error(std::strerror(-r));
    return Ok{};
  }

 private:
  Status prepare() {
    std::vector<EcbCode> ecbs;
    uint32_t n = dtbpf_necbs(f_);
    for (uint32_t epid = 1; epid <= n; epid++) {
      EcbCode e;
      if (dtbpf_get_ecb(f_, epid, &e.ecb) != 0) continue;
      e.acts.resize(e.ecb.nacts);
      for (uint32_t i = 0; i < e.ecb.nacts; i++) dtbpf_get_action(f_, epid, i, &e.acts[i]);
      read_aggs(e);
      if (Status st = check_ecb(e, true); !st) return st;
      ecbs.push_back(std::move(e));
    }
    std::vector<DifoView> views;
    auto add = [&views](const dtbpf_difo& d) {
      if (d.code != nullptr)
        views.push_back(
            {{d.code, d.ncode}, {d.ints, d.nints}, {d.vars, d.nvars}, {d.strtab, d.strlen}, d.rtype});
    };
    // What GO will allocate: a lowered aggsize lowers the maps too.
    const uint64_t aggsize = dtbpf_bufs_aggsize(f_);
    for (EcbCode& e : ecbs) {
      add(e.ecb.pred);
      for (const dtbpf_action& a : e.acts) add(a.difo);
      for (auto& [id, a] : e.aggs) {
        add(a.agg.value);
        add(a.agg.incr);
        for (const dtbpf_action& k : a.keys) add(k.difo);
        if (Status st = aggs_.add(a, aggsize); !st) return st;
      }
    }
    // The clauses that made no ECB yet (-Z) too: late ECBs share the
    // globals, strings and locals laid out here.
    dtbpf_difo clause_difo;
    for (uint32_t i = 0; dtbpf_get_enabling_difo(f_, i, &clause_difo) == 0; i++) add(clause_difo);
    auto g = layout_globals(views, static_cast<uint32_t>(std::min<uint64_t>(dtbpf_strsize(f_), UINT32_MAX)));
    if (!g) return g.error();
    Strings strings = layout_strings(views);
    intern_probe_names(strings, ecbs);
    strings.strsize = static_cast<uint32_t>(std::min<uint64_t>(dtbpf_strsize(f_), UINT32_MAX));
    strings.scratch_size = module_scratch_size(dtbpf_scratchsize(f_), strings.strsize);
    auto strmaps = create_string_maps(strings);
    if (!strmaps) return strmaps.error();
    auto gmap = create_globals_map(g->size());
    Dynvars dyn;
    auto dynmaps = create_dynvar_maps(uses_dynvars(views) ? dtbpf_dynvar_entries(f_) : 1, strings.strsize,
                                      dyn, dynvar_ref_size(views, strings.strsize));
    if (!dynmaps) return dynmaps.error();
    Specs specs;
    auto specmaps = create_spec_maps(dtbpf_nspec(f_), dtbpf_specsize(f_), specs);
    if (!specmaps) return specmaps.error();
    if (!gmap) return gmap.error();
    g->map_fd = gmap->get();
    auto dyn_exit = thread_exit_program(views, dyn);
    if (!dyn_exit) return dyn_exit.error();
    // Each probe's ECBs, in EPID order.
    std::map<uint32_t, std::vector<EcbCode>> by_probe;
    std::map<uint32_t, Role> roles;
    eps_.clear();
    bool speculates = false;
    for (EcbCode& e : ecbs) {
      auto role = role_of(e.ecb, *provs_);
      if (!role) return role.error();
      roles[e.ecb.probe_id] = *role;
      eps_[e.ecb.epid] = ep_info(e, *role);
      for (const dtbpf_action& a : e.acts) speculates |= a.rec == DTBPF_REC_SPECULATE;
      by_probe[e.ecb.probe_id].push_back(std::move(e));
    }
    std::vector<ProbeProg> progs;
    only_cpu_ = dtbpf_cpu_option(f_);
    ProbeMaps maps = probe_maps(&strings, &dyn, &specs);
    // A function the kernel will not trace is left out, as the module's
    // fbt leaves out those ftrace refuses, unless no fbt probe is left.
    std::optional<Error> fbt_error;
    bool fbt_armed = false;
    // fbt probes of one clause set share a program when they are many.
    std::map<std::pair<Role, std::string>, std::vector<uint32_t>> sets, refused;
    for (auto& [probe, list] : by_probe)
      if (is_fbt(roles[probe]) && list.size() <= kSharedEcbs)
        sets[{roles[probe], clause_set(list)}].push_back(probe);
    std::set<uint32_t> shared;
    for (auto& [set, probes] : sets) {
      if (probes.size() < kShareMin) continue;
      auto p = make_shared(set.first, probes, by_probe, *g, maps);
      // Out of descriptors (a perf-event kprobe a function): as many
      // fentry programs would be too. Else (no attach cookies: 5.10)
      // each its own fentry or fexit program.
      if (!p && p.error().message.ends_with(std::strerror(EMFILE))) return p.error();
      if (!p) continue;
      shared.insert(probes.begin(), probes.end());
      fbt_armed = true;
      progs.push_back(std::move(*p));
    }
    for (auto& [probe, list] : by_probe) {
      if (shared.contains(probe)) continue;
      // A user probe's sites may place its arguments differently: a
      // program each.
      const dtbpf_uprobe* up = dtbpf_uprobe_lookup(provs_->user, probe);
      for (uint32_t site = 0; site < (up ? up->nsites : 1); site++) {
        auto p = make_prog(roles[probe], list, *g, maps, site);
        if (p || !is_fbt(roles[probe])) {
          if (!p) return p.error();
          fbt_armed |= is_fbt(p->role);
          progs.push_back(std::move(*p));
        } else {
          // Refused (more than six arguments on a 6.1 x86 kernel ...):
          // by kprobes, below.
          if (list.size() <= kSharedEcbs) refused[{roles[probe], clause_set(list)}].push_back(probe);
          if (!fbt_error) fbt_error = p.error();
        }
      }
    }
    bool kprobes_said = false;
    for (auto& [set, probes] : refused) {
      auto p = make_shared(set.first, probes, by_probe, *g, maps);
      if (!p) {
        if (!kprobes_said)
          fbt_error = make_error(fbt_error->message + "; nor could it fire by kprobes: " + p.error().message);
        kprobes_said = true;
        continue;
      }
      fbt_armed = true;
      progs.push_back(std::move(*p));
    }
    if (fbt_error && !fbt_armed) return *fbt_error;
    progs_ = std::move(progs);
    prepared_ = true;
    layout_ = *g;
    strings_ = strings;
    late_consts_.clear();
    globals_ = std::move(*gmap);
    strmaps_ = std::move(*strmaps);
    dyn_ = dyn;
    dyndrops_seen_ = 0;
    dynmaps_ = std::move(*dynmaps);
    dyn_exit_ = std::move(*dyn_exit);
    specs_ = specs;
    speculates_ = speculates;
    specmaps_ = std::move(*specmaps);
    spec_drain_ = SpecDrain{};
    spec_seen_ = {};
    return Ok{};
  }

  // The thread-locals' program at thread exit (dynvars.h), loaded, or
  // none when no DIFO has a thread-local.
  // The maps a probe's program uses: the device's, and the strings,
  // dynamic variables and speculations laid out at ENABLE.
  ProbeMaps probe_maps(const Strings* strings, const Dynvars* dyn, const Specs* specs) const {
    return ProbeMaps{-1,  ring_.get(), state_.get(), aggs_.shared(), strings,
                     dyn, only_cpu_,   lost_.get(),  specs};
  }

  static Result<Fd> thread_exit_program(std::span<const DifoView> views, const Dynvars& dyn) {
    std::vector<uint16_t> scalars, refs;
    bool arrays = false;
    for (const DifoView& v : views)
      for (const dtrace_difv& x : v.vars) {
        if (x.dtdv_scope != DIFV_SCOPE_THREAD) continue;
        bool ref = x.dtdv_type.dtdt_kind == DIF_TYPE_CTF && (x.dtdv_type.dtdt_flags & DIF_TF_BYREF) != 0;
        std::vector<uint16_t>& list = ref ? refs : scalars;
        if (x.dtdv_kind == DIFV_KIND_ARRAY) arrays = true;
        else if (std::find(list.begin(), list.end(), x.dtdv_id) == list.end())
          list.push_back(static_cast<uint16_t>(x.dtdv_id));
      }
    if (scalars.empty() && refs.empty() && !arrays) return Fd();
    auto code = dynvar_exit_program(dyn, scalars, refs, arrays);
    if (!code) return code.error();
    return load_program(*code, BPF_PROG_TYPE_RAW_TRACEPOINT);
  }

  // The program of one probe's ECBs, loaded (an fbt probe's attached:
  // gated, it records nothing until GO).
  Result<ProbeProg> make_prog(Role role, std::span<const EcbCode> list, const Globals& g, ProbeMaps maps,
                              uint32_t site) {
    bool perf = role == Role::kTick || role == Role::kProfile || role == Role::kCpc, tp = is_tracepoint(role),
         fbt = is_fbt(role), user = is_user(role);
    // ERROR's records go to a ring of their own, which the drain reads
    // as soon as ERROR has fired (drain()).
    if (role == Role::kError) maps.ring = err_ring_.get();
    maps.scratch = scratch_[perf   ? kPerfScratch
                            : tp   ? kTracepointScratch
                            : fbt  ? kFbtScratch
                            : user ? kUprobeScratch
                                   : kFiredScratch]
                       .get();
    ArgSource src = perf                       ? ArgSource::kPerf
                    : role == Role::kSysEntry  ? ArgSource::kSysEntry
                    : role == Role::kSysReturn ? ArgSource::kSysReturn
                    : role == Role::kSdt       ? ArgSource::kRawTp
                    : role == Role::kFbtEntry  ? ArgSource::kFentry
                    : role == Role::kFbtReturn ? ArgSource::kFexit
                    : role == Role::kUprobe    ? ArgSource::kUprobe
                    : role == Role::kUretprobe ? ArgSource::kUretprobe
                    : role == Role::kStable    ? ArgSource::kStable
                                               : ArgSource::kFrame;
    uint64_t cookie = list.front().ecb.cookie;
    ArgShape shape;
    shape.sysnr = static_cast<uint32_t>(cookie >> 1);
    const auto* sdt = role == Role::kSdt ? reinterpret_cast<const dtbpf_sdt_tp*>(cookie) : nullptr;
    if (sdt) shape.nargs = sdt->nargs;
    dtbpf_fbt_fn fn{};
    if (fbt && dtbpf_fbt_lookup(provs_->fbt, cookie, &fn) != 0)
      return make_error("probe fbt:" + std::string(list.front().ecb.mod) + ":" + list.front().ecb.func +
                        ": no such function");
    if (fbt) shape.nargs = fn.nslots, shape.ret = fn.ret;
    const dtbpf_uprobe* up = user ? dtbpf_uprobe_lookup(provs_->user, list.front().ecb.probe_id) : nullptr;
    if (up) shape.tgid = up->pid, shape.uargs = {up->sites[site].args, up->sites[site].nargs};
    std::string stable_tp, stable_also;
    if (role == Role::kStable) {
      if (stable_maps_.path < 0) {
        int fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_exec_path", 4, kStablePathMax, 1, nullptr);
        if (fd < 0) return make_error(std::string("cannot create the bpf path map: ") + std::strerror(-fd));
        stable_path_ = Fd(fd);
        stable_maps_.path = fd;
      }
      if (std::string(list.front().ecb.provider) == "lockstat" && stable_maps_.lockstat < 0) {
        if (Status st = make_lockstat(); !st) return st.error();
      }
      auto f = stable_fire(list.front().ecb.provider, list.front().ecb.name, stable_maps_);
      if (!f) return f.error();
      shape.stable = f->emit;
      stable_tp = f->tracepoint;
      stable_also = f->also;
    }
    if (uses_stack(list)) {
      if (tp)
        shape.stack =
            ktext_.tracepoint(sdt                ? sdt->name
                              : is_syscall(role) ? (role == Role::kSysEntry ? "sys_enter" : "sys_exit")
                                                 : stable_tp);
      else if (fbt) shape.stack = ktext_.fbt(list.front().ecb.func);
      else if (!perf && !user) shape.stack = ktext_.syscall_prog();
    }
    if (perf || tp || fbt || user)
      if (Status st = ustack_shape(list, shape, user, up != nullptr && up->kind == DTRACE_UP_ENTRY); !st)
        return st.error();
    auto code = probe_program(list, g, maps, src, perf || tp || fbt || user, shape);
    if (!code) return code.error();
    bpf_attach_type at = role == Role::kFbtEntry ? BPF_TRACE_FENTRY : BPF_TRACE_FEXIT;
    auto fd = fbt    ? load_tracing_program(*code, at, fn.btf_id, fn.module)
              : perf ? load_program(*code, BPF_PROG_TYPE_PERF_EVENT)
              : tp   ? load_program(*code, BPF_PROG_TYPE_RAW_TRACEPOINT)
              : user ? load_program(*code, BPF_PROG_TYPE_KPROBE)
                     : load_program(*code, BPF_PROG_TYPE_SYSCALL);
    if (!fd && fbt) return fbt_refused(list.front().ecb, at, fd.error());
    if (!fd) return fd.error();
    ProbeProg pp{role, std::move(*fd), cookie >> 1, {}, Fd()};
    if (sdt) pp.tracepoint = sdt->name;
    pp.user = up;
    if (role == Role::kCpc) pp.cpc = reinterpret_cast<const dtbpf_cpc*>(cookie);
    pp.site = site;
    if (role == Role::kStable) pp.tracepoint = stable_tp, pp.also = stable_also;
    if (is_syscall(role)) pp.sysnr = shape.sysnr;
    if (fbt) {
      int link = bpf_link_create(pp.prog.get(), 0, at, nullptr);
      if (link < 0)
        return make_error("cannot attach to the kernel function " + std::string(list.front().ecb.func) +
                          ": " + std::strerror(-link));
      pp.link = Fd(link);
    }
    return pp;
  }

  // One program for the fbt probes of a clause set, attached to their
  // functions by kprobes (fbt_kprobe.h): the first probe's ECBs, the
  // rest told apart by the probes' records.
  Result<ProbeProg> make_shared(Role role, std::span<const uint32_t> probes,
                                const std::map<uint32_t, std::vector<EcbCode>>& by_probe, const Globals& g,
                                ProbeMaps maps) {
    const bool ret = role == Role::kFbtReturn;
    const std::vector<EcbCode>& first = by_probe.at(probes.front());
    int fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_fbt_ids", 4, sizeof(FbtIds),
                            static_cast<uint32_t>(probes.size()), nullptr);
    if (fd < 0)
      return make_error(std::string("cannot create the bpf probe records' map: ") + std::strerror(-fd));
    Fd ids(fd);
    std::vector<FbtTarget> fns;
    for (uint32_t i = 0; i < probes.size(); i++) {
      const std::vector<EcbCode>& list = by_probe.at(probes[i]);
      const dtbpf_ecb& e = list.front().ecb;
      dtbpf_fbt_fn fn{};
      if (dtbpf_fbt_lookup(provs_->fbt, e.cookie, &fn) != 0) return make_error("no such function");
      FbtIds r{};
      r.probe_id = e.probe_id;
      r.nslots = fn.nslots;
      r.ret = fn.ret ? 1 : 0;
      for (size_t j = 0; j < list.size(); j++) r.epid[j] = list[j].ecb.epid;
      std::snprintf(r.mod, sizeof(r.mod), "%s", e.mod);
      std::snprintf(r.func, sizeof(r.func), "%s", e.func);
      if (bpf_map_update_elem(ids.get(), &i, &r, BPF_ANY) != 0)
        return make_error(std::string("cannot fill the bpf probe records' map: ") + std::strerror(errno));
      fns.push_back({fn.module != nullptr ? fn.module : "", e.func, i});
    }
    maps.scratch = scratch_[kFbtScratch].get();
    ArgShape shape;
    shape.ids = ids.get();
    // The registers' stack starts in the function (skipped, as the
    // module's entry) or, at a return, in its caller.
    shape.stack.ctx_skip = ret ? 0 : 1;
    if (Status st = ustack_shape(first, shape, false, false); !st) return st.error();
    auto code = probe_program(first, g, maps, ret ? ArgSource::kKretprobe : ArgSource::kKprobe, true, shape);
    if (!code) return code.error();
    bool multi = kprobe_multi_works(fns.front().func);
    auto prog = load_kprobe_program(*code, multi);
    if (!prog) return prog.error();
    std::string refused;
    auto links = attach_fbt_shared(*prog, ret, multi, fns, &refused);
    if (!links) return links.error();
    ProbeProg pp{role, std::move(*prog), 0, {}, Fd()};
    pp.links = std::move(*links);
    pp.ids = std::move(ids);
    return pp;
  }

  // ustack()'s block, for programs whose ECBs record one with stack bytes.
  Status ustack_shape(std::span<const EcbCode> list, ArgShape& shape, bool user, bool at_entry) {
    if (!uses_ustack_block(list)) return Ok{};
    if (ustack_buf_.get() < 0) {
      int fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_ustack", 4, 4096 * kUstackPages, 1, nullptr);
      if (fd < 0) return make_error(std::string("cannot create the bpf ustack map: ") + std::strerror(-fd));
      ustack_buf_ = Fd(fd);
    }
    shape.stack.ublock = true;
    shape.stack.ubuf = ustack_buf_.get();
    shape.stack.user_ctx = user;
    shape.stack.at_entry = at_entry;
    return Ok{};
  }

  // lockstat's map of contentions and its two programs of its own
  // (stable_fire.h), attached around the probes' at GO.
  Status make_lockstat() {
    bpf_map_create_opts o{};
    o.sz = sizeof(o);
    int fd =
        bpf_map_create(BPF_MAP_TYPE_HASH, "dt_lockstat", kLockstatKey, kLockstatValue, kLockstatEntries, &o);
    if (fd < 0) return make_error(std::string("cannot create the bpf lockstat map: ") + std::strerror(-fd));
    lockstat_map_ = Fd(fd);
    stable_maps_.lockstat = fd;
    LockstatPrograms code = lockstat_programs(stable_maps_);
    auto begin = load_program(code.begin, BPF_PROG_TYPE_RAW_TRACEPOINT);
    if (!begin) return begin.error();
    auto end = load_program(code.end, BPF_PROG_TYPE_RAW_TRACEPOINT);
    if (!end) return end.error();
    lockstat_begin_ = std::move(*begin);
    lockstat_end_ = std::move(*end);
    return Ok{};
  }

  Status attach_tracepoint(const char* tp, const Fd& prog) {
    return attach_raw_tracepoint(tp, prog.get(), &events_);
  }

  // Whether any of the ECBs records a kernel stack, keys one or reads
  // caller or stackdepth (which start where stack() does).
  static bool uses_stack(std::span<const EcbCode> list) {
    auto reads = [](const dtbpf_difo& d) {
      for (uint32_t i = 0; i < d.ncode && d.code != nullptr; i++) {
        dif_instr_t in = d.code[i];
        uint32_t id = DIF_INSTR_INDEX(in);
        if (DIF_INSTR_OP(in) == DIF_OP_LDGS && (id == DIF_VAR_CALLER || id == DIF_VAR_STACKDEPTH))
          return true;
      }
      return false;
    };
    for (const EcbCode& e : list) {
      if (reads(e.ecb.pred)) return true;
      for (const dtbpf_action& a : e.acts) {
        if (a.rec == DTBPF_REC_STACK || reads(a.difo)) return true;
        if (a.rec != DTBPF_REC_AGG) continue;
        auto it = e.aggs.find(a.aggid);
        if (it == e.aggs.end()) continue;
        if (reads(it->second.agg.value) || reads(it->second.agg.incr)) return true;
        for (const dtbpf_action& k : it->second.keys)
          if (k.rec == DTBPF_REC_STACK || reads(k.difo)) return true;
      }
    }
    return false;
  }

  // Whether any of the ECBs records a ustack() with stack bytes, or
  // aggregates by one.
  static bool uses_ustack_block(std::span<const EcbCode> list) {
    auto block = [](const dtbpf_action& a) {
      return a.rec == DTBPF_REC_USTACK && DTRACE_USTACK_BYTES(a.arg) != 0;
    };
    for (const EcbCode& e : list) {
      if (std::any_of(e.acts.begin(), e.acts.end(), block)) return true;
      for (const auto& [id, a] : e.aggs)
        if (std::any_of(a.keys.begin(), a.keys.end(), block)) return true;
    }
    return false;
  }

  // The aggregations e's actions fold into.
  void read_aggs(EcbCode& e) {
    for (const dtbpf_action& a : e.acts) {
      AggCode c;
      if (a.rec != DTBPF_REC_AGG || dtbpf_get_agg(f_, a.aggid, &c.agg) != 0) continue;
      c.keys.resize(c.agg.nkeys);
      for (uint32_t i = 0; i < c.agg.nkeys; i++) dtbpf_get_aggkey(f_, a.aggid, i, &c.keys[i]);
      e.aggs[a.aggid] = std::move(c);
    }
  }

  // The CPU BEGIN and END fire on: this thread's, or the cpu option's.
  uint32_t fired_cpu() const {
    if (only_cpu_ != kAllCpus) return only_cpu_;
    int c = sched_getcpu();
    return c < 0 ? 0 : static_cast<uint32_t>(c);
  }

  // The probes of a role fired from here, as the module fires BEGIN and
  // END in the consumer's context, on cpu.
  Status run(Role role, Frame args, uint32_t cpu) {
    PinCpu pin(cpu);
    for (const ProbeProg& p : progs_) {
      if (p.role != role) continue;
      Frame f = args;
      auto r = test_run(p.prog, f);
      if (!r) return r.error();
    }
    return Ok{};
  }

  Status set_state(uint64_t activity) {
    uint32_t key = 0;
    if (bpf_map_update_elem(state_.get(), &key, &activity, BPF_ANY) != 0)
      return make_error(std::string("cannot update the bpf state map: ") + std::strerror(errno));
    return Ok{};
  }

  static int on_sample(void* ctx, void* data, size_t size) {
    auto* self = static_cast<BpfDevice*>(ctx);
    const auto* p = static_cast<const uint8_t*>(data);
    uint32_t epid = 0;
    if (size < 16) return 0;
    std::memcpy(&epid, p, 4);
    uint32_t cpu = 0;
    std::memcpy(&cpu, p + 4, 4);
    if (epid == kFaultEpid && size >= kFaultRecSize) {
      Frame f{};
      std::memcpy(&f.args[1], p + 16, 5 * 8);
      self->fault_ = Fault{f, cpu};
      return kStopAtFault;
    }
    if (self->spec_drain_.take(p, size, [self](uint32_t to, const uint8_t* rec, size_t n) {
          uint32_t e = 0;
          std::memcpy(&e, rec, 4);
          auto ep = self->eps_.find(e);
          dtbpf_bufs_put(self->f_, to, rec, n, ep != self->eps_.end() && ep->second.end);
        }))
      return 0;
    auto it = self->eps_.find(epid);
    bool known = it != self->eps_.end();
    if (known && it->second.exits) self->exiting_ = 1;
    // The header's pad back to the module's 0.
    self->rec_.assign(p, p + size);
    std::memset(self->rec_.data() + 4, 0, 4);
    dtbpf_bufs_put(self->f_, cpu, self->rec_.data(), size, known && it->second.end);
    return 0;
  }

  // The ring buffer's records into their CPUs' buffers in order; at each
  // fault record ERROR fires, and its records go in right there, before
  // what the faulting firing wrote after the fault, as the module's
  // ecb_fault() fires ERROR in the middle of the firing.
  Status drain() {
    for (uint32_t n = 0; n < kMaxFaultsPerDrain; n++) {
      auto fault = read_to_fault(rb_);
      if (!fault) return fault.error();
      count_lost();
      if (!*fault) return Ok{};
      if (Status st = fire_error(**fault); !st) return st;
    }
    return Ok{};
  }

  // rb's records up to and with its next fault record, which it returns.
  Result<std::optional<Fault>> read_to_fault(ring_buffer* rb) {
    fault_.reset();
    int rc = ring_buffer__consume(rb);
    if (fault_) return fault_;
    if (rc < 0) return make_error("cannot read the bpf ring buffer");
    return std::optional<Fault>();
  }

  // ERROR for fault f, then ERROR's own records (and a fault among them,
  // a double error); a fault in an ERROR clause is a double error.
  Status fire_error(const Fault& f) {
    auto it = eps_.find(static_cast<uint32_t>(f.args.args[1]));
    if (it != eps_.end() && it->second.in_error) {
      dblerrors_++;
      return Ok{};
    }
    errors_++;
    if (Status st = run(Role::kError, f.args, f.cpu); !st) return st;
    for (;;) {
      auto again = read_to_fault(err_rb_);
      if (!again) return again.error();
      if (!*again) return Ok{};
      dblerrors_++;
    }
  }

  // The records the ring buffer had no room for, since the last drain,
  // as drops of their CPUs' principal buffers.
  void count_lost() {
    int n = libbpf_num_possible_cpus();
    if (n <= 0) return;
    std::vector<uint64_t> now(static_cast<size_t>(n));
    uint32_t key = 0;
    if (bpf_map_lookup_elem(lost_.get(), &key, now.data()) != 0) return;
    lost_seen_.resize(now.size());
    for (size_t c = 0; c < now.size(); c++) {
      if (now[c] != lost_seen_[c]) dtbpf_bufs_lost(f_, static_cast<uint32_t>(c), now[c] - lost_seen_[c]);
      lost_seen_[c] = now[c];
    }
  }

  dtrace_inproc* m_;
  std::unique_ptr<ProvTables> provs_;  // freed after the core
  KernelText ktext_;                   // where stack() starts (kstack.h)
  Fd ustack_buf_;                      // ustack()'s pages of user stack (kstack.h)
  dtrace_inproc_file* f_;
  std::unique_ptr<kio::Device> io_;
  std::vector<Fd> scratch_;  // by kind of context, kFiredScratch ...
  Fd ring_, state_, globals_;
  Fd lost_;                                          // per CPU: records the ring buffer lost
  std::vector<uint64_t> lost_seen_;                  // by CPU, at the last drain
  Fd stable_path_;                                   // StableMaps::path, made for the first stable probe
  Fd lockstat_map_, lockstat_begin_, lockstat_end_;  // made for the first lockstat probe
  Fd dyn_exit_;  // at sched_process_exit: the thread's thread-locals deleted
  StableMaps stable_maps_;
  StringMaps strmaps_;
  Dynvars dyn_;
  uint64_t dyndrops_seen_ = 0;
  Specs specs_;  // spec.h
  bool speculates_ = false;
  SpecMaps specmaps_;
  SpecDrain spec_drain_;
  struct {
    uint64_t drops, unavail, busy;
  } spec_seen_{};
  DynvarMaps dynmaps_;
  AggMaps aggs_;
  std::vector<std::vector<uint8_t>> aggsnaps_;  // by CPU, from CPU 0's AGGSNAP
  std::vector<Fd> events_;                      // the perf events the programs run on
  ring_buffer* rb_ = nullptr;
  std::vector<ProbeProg> progs_;
  SyscallDispatch syscalls_;  // the syscall probes' programs, attached at GO
  std::map<uint32_t, EpInfo> eps_;
  std::vector<uint8_t> rec_;       // a record on its way to its CPU's buffer
  Fd err_ring_;                    // ERROR's records (make_prog())
  ring_buffer* err_rb_ = nullptr;  // its reader
  std::optional<Fault> fault_;     // where on_sample stopped
  uint32_t only_cpu_ = kAllCpus;   // the cpu option
  // What late ECBs' programs share with ENABLE's (match_late()).
  bool prepared_ = false, attached_ = false;
  Globals layout_;
  Strings strings_;
  std::vector<Fd> late_consts_;  // the string constants with the late probes' names
  uint64_t late_refused_ = 0, late_seen_ = 0;
  uint64_t filled_seen_ = 0;
  uint64_t errors_ = 0, dblerrors_ = 0;
  uint32_t activity_ = DTRACE_ACTIVITY_INACTIVE;
  uint32_t exiting_ = 0;
};

}  // namespace

Result<std::unique_ptr<kio::Device>> open_bpf_device() {
  if (std::string why = bpf_unavailable(); !why.empty()) return make_error(why);
  raise_fd_limit();
  std::vector<Fd> sfd;
  for (int i = 0; i < kScratchKinds; i++) {
    int scratch = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_scratch", 4, kScratchSize, 1, nullptr);
    if (scratch < 0)
      return make_error(std::string("cannot create the bpf scratch map: ") + std::strerror(-scratch));
    sfd.emplace_back(scratch);
  }
  int ring = bpf_map_create(BPF_MAP_TYPE_RINGBUF, "dt_records", 0, 0, kRingSize, nullptr);
  if (ring < 0) return make_error(std::string("cannot create the bpf ring buffer: ") + std::strerror(-ring));
  Fd rfd(ring);
  int lost = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_lost", 4, 8, 1, nullptr);
  if (lost < 0)
    return make_error(std::string("cannot create the bpf lost-records map: ") + std::strerror(-lost));
  Fd lfd(lost);
  auto state = create_globals_map(8);
  if (!state) return state.error();
  auto aggs = AggMaps::create();
  if (!aggs) return aggs.error();
  // The core's CPUs are the possible ones: each has its principal buffer.
  int ncpus = libbpf_num_possible_cpus();
  dtrace_inproc* m = dtrace_inproc_create(ncpus > 0 ? static_cast<uint32_t>(ncpus) : 1);
  if (m == nullptr) return make_error("cannot create the in-process dtrace core");
  auto provs = std::make_unique<ProvTables>();
  dtrace_core* core = dtrace_inproc_core(m);
  provs->core = core;
  if (dtbpf_profile_init(core) != 0 || dtbpf_syscall_init(core) != 0 ||
      dtbpf_sdt_init(core, &provs->sdt) != 0 || dtbpf_fbt_init(core, &provs->fbt) != 0 ||
      dtbpf_uprobes_init(core, &provs->user) != 0 || dtbpf_stable_init(core) != 0 ||
      dtbpf_cpc_init(core, &provs->cpc) != 0) {
    dtrace_inproc_destroy(m);
    return make_error("cannot register the bpf backend's providers");
  }
  dtrace_inproc_file* f = dtrace_inproc_open(m);
  if (f == nullptr) {
    dtrace_inproc_destroy(m);
    return make_error("cannot create the in-process dtrace state");
  }
  auto dev = std::make_unique<BpfDevice>(m, std::move(provs), f, std::move(sfd), std::move(rfd),
                                         std::move(lfd), std::move(*state), std::move(*aggs));
  if (Status st = dev->start_reader(); !st) return st.error();
  return std::unique_ptr<kio::Device>(std::move(dev));
}

}  // namespace dtrace::bpf
