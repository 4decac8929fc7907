// Handle: the session, a façade over the parts that do the work. It owns
// the device, the options (api/session_options), the compiler
// (api/compile_setup) and every compiled program, the enablings
// (api/enabling), the aggregations (api/aggregations) and the drain
// (api/drain, which hands firings to consume/ for printing), and runs
// the -c/-p targets. It formats no records itself.
#include "dtrace/handle.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "api/aggregations.h"
#include "api/compile_setup.h"
#include "api/ctf_dump.h"
#include "api/drain.h"
#include "api/enabling.h"
#include "api/late_helpers.h"
#include "api/options.h"
#include "api/probe_args.h"
#include "api/session_options.h"
#include "bpf/device.h"
#include "cc/compiler.h"
#include "consume/error_report.h"
#include "consume/probe_list.h"
#include "dif/disasm.h"
#include "kio/device.h"
#include "kio/missing_providers.h"
#include "kio/modprobe.h"
#include "postmortem/core_image.h"
#include "postmortem/device.h"
#include "proc/process.h"
#include "prog/limits.h"
#include "usdt/header_gen.h"
#include "usdt/link_objects.h"

namespace dtrace {
namespace {

ProbeInfo to_info(const dtrace_probedesc& d) {
  auto f = [](const char* s, size_t n) { return std::string(s, strnlen(s, n)); };
  return ProbeInfo{d.dtpd_id, f(d.dtpd_provider, sizeof d.dtpd_provider), f(d.dtpd_mod, sizeof d.dtpd_mod),
                   f(d.dtpd_func, sizeof d.dtpd_func), f(d.dtpd_name, sizeof d.dtpd_name)};
}

}  // namespace

struct Handle::Impl {
  Impl(std::unique_ptr<kio::Device> d, uint32_t n) : dev(std::move(d)), ncpus(n) {
    state.ncpus = dev ? n : 0;
  }

  std::unique_ptr<kio::Device> dev;  // null: compile-only (OpenOptions::need_device)
  std::string open_notice;           // Handle::notice()
  std::string backend;               // Handle::backend()
  uint32_t ncpus = 1;
  api::Session state;  // the options and what they set
  const api::Options& options = state.options;
  std::vector<std::string> macro_args{"dtrace"};
  std::unique_ptr<cc::Compiler> compiler;         // made at the first compile
  std::unique_ptr<api::ProbeArgTypes> arg_types;  // the compiler's args[] types
  std::vector<cc::Program> programs;
  api::Enablings enablings{dev.get(), programs, options, state.files};
  api::Aggregations aggs{programs, state};
  api::Drain drainer{dev.get(), ncpus, state, enablings};
  consume::SessionHooks session;
  bool started = false, stopped = false;
  std::chrono::steady_clock::time_point next_switch{}, next_agg{};
  std::vector<std::unique_ptr<proc::Process>> targets;  // -c / -p
  std::vector<usdt::ProviderDef> usdt_defs;             // -h / -G: every -s script's
  std::unique_ptr<proc::ProcessImage> dump_image;       // -x core=FILE: the dump's objects

  Status set_option(std::string_view name, std::string_view value) {
    return api::set_session_option(state, name, value);
  }

  // -x debug (or DTRACE_DEBUG in the environment): what libdtrace does, on stderr.
  void debug(const std::string& what) const {
    if (options.debug() || std::getenv("DTRACE_DEBUG"))
      std::fprintf(stderr, "libdtrace DEBUG: %s\n", what.c_str());
  }

  cc::Compiler& the_compiler() {
    if (!compiler) {
      api::CompilerInputs in{macro_args, {}, dev.get(), &enablings, state, dump_image.get()};
      for (auto& t : targets) in.targets.push_back(t->pid());
      api::SessionCompiler made = api::make_compiler(options, in);
      compiler = std::move(made.compiler);
      arg_types = std::move(made.arg_types);
    }
    return *compiler;
  }

  // Lets the held targets run; true once all are gone.
  bool targets_exited() {
    if (targets.empty()) return false;
    for (auto& t : targets) t->release();
    for (auto& t : targets)
      if (!t->exited()) return false;
    return true;
  }

  // A STATUS answer: its drops reported, and what it says of the end
  // kept, as its counters are deltas read once (a long drain asks too).
  // A -c/-p target's objects, read before it can exit: its symbols and
  // the maps its user stacks unwind with are kept for the whole session.
  void remember_target(pid_t pid) { state.usyms.remember(pid); }

  bool killed = false, ending = false;
  Status take_status(FILE* out) {
    auto s = dev->status();
    if (!s) return s.error();
    drainer.report_drops(*s, out);
    killed |= s->dtst_activity == DTRACE_ACTIVITY_KILLED;
    // A full fill buffer ends tracing as exit() does (END still fits).
    ending |= s->dtst_exiting || s->dtst_filled || s->dtst_activity >= DTRACE_ACTIVITY_DRAINING;
    return Ok{};
  }

  // Every CPU's aggregation buffer folded in; drops reported as notices.
  Status snapshot_aggs(FILE* out) {
    return aggs.snapshot(*dev, ncpus, [&](const consume::Notice& n) { drainer.notice(out, n); });
  }

  // DTrace's notice, after what the targets' probes recorded while they
  // ran: drained and flushed first, so the notice never precedes it.
  Status report_targets_exited(FILE* out) {
    if (Status st = drainer.drain(out); !st) return st;
    std::fflush(out);
    // A notice, which -q (or the quiet pragma) silences in the text
    // output, as in DTrace; JSON keeps it, as -q changes nothing there.
    for (auto& t : targets)
      drainer.notice(out, consume::Notice{"notice", "pid " + std::to_string(t->pid()) + " has exited"}
                              .with("pid", int64_t{t->pid()})
                              .hidden_by_quiet());
    targets.clear();
    return Ok{};
  }
};

Handle::Handle(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Handle::~Handle() = default;

namespace {

// -x backend (OpenOptions::backend): bpf only when asked, or when the
// module is not loaded (nor loadable: open_kernel_device tried modprobe)
// and the bpf device can be had.
Result<std::unique_ptr<kio::Device>> open_device(const OpenOptions& opts, std::string* notice,
                                                 std::string* backend,
                                                 std::shared_ptr<const postmortem::CoreDump>* dump) {
  if (!opts.core.empty()) {  // -x core=FILE (doc/postmortem.md)
    auto d = postmortem::CoreDump::open(opts.core, opts.coreexe);
    if (!d) return d.error();
    *dump = *d;
    *backend = "core";
    return postmortem::open_core_device(*d);
  }
  *backend = "bpf";
  if (opts.backend == "bpf") {
    auto b = bpf::open_bpf_device();
    if (!b) return b;
    return api::listen_for_helpers(std::move(*b));
  }
  *backend = "module";
  auto dev = opts.device_path.empty() ? kio::open_kernel_device() : kio::open_kernel_device(opts.device_path);
  if (dev || !opts.backend.empty() || !opts.device_path.empty() || !opts.need_device || kio::module_loaded())
    return dev;
  auto b = bpf::open_bpf_device();
  if (!b) return dev;  // the module's reason, the one that matters here
  *notice = "notice: using the bpf backend: " + dev.error().message;
  *backend = "bpf";
  return api::listen_for_helpers(std::move(*b));
}

}  // namespace

Result<std::unique_ptr<Handle>> Handle::open(const OpenOptions& opts) {
  std::string notice, backend;
  std::shared_ptr<const postmortem::CoreDump> dump;
  auto dev = open_device(opts, &notice, &backend, &dump);
  uint32_t ncpus = 1;
  if (dev) {
    auto conf = (*dev)->conf();
    if (!conf) return conf.error();
    ncpus = conf->dtc_maxcpu ? conf->dtc_maxcpu : 1;
  } else if (opts.need_device) {
    return dev.error();
  }
  auto impl = std::make_unique<Impl>(dev ? std::move(*dev) : nullptr, ncpus);
  impl->open_notice = std::move(notice);
  if (dev) impl->backend = std::move(backend);
  if (dump) {
    impl->dump_image = std::make_unique<proc::ProcessImage>(postmortem::core_image(*dump, impl->state.files));
    impl->state.usyms.adopt(*impl->dump_image);
  }
  return std::unique_ptr<Handle>(new Handle(std::move(impl)));
}

bool Handle::has_device() const { return impl_->dev != nullptr; }

const std::string& Handle::notice() const { return impl_->open_notice; }

const std::string& Handle::backend() const { return impl_->backend; }

Status Handle::set_option(std::string_view name, std::string_view value) {
  Status st = impl_->set_option(name, value);
  if (!st) return st;
  impl_->debug("set option " + std::string(name) + (value.empty() ? "" : "=") + std::string(value));
  return st;
}

bool Handle::quiet() const { return impl_->options.quiet(); }

bool Handle::destructive() const { return impl_->options.number(DTRACEOPT_DESTRUCTIVE) != 0; }

bool Handle::zdefs() const { return impl_->options.zdefs(); }

bool Handle::errtags() const { return impl_->options.errtags(); }

bool Handle::argref() const { return impl_->options.argref(); }

bool Handle::grabanon() const { return impl_->options.grabanon(); }

bool OpenOptions::take_option(std::string_view name, std::string_view value) {
  api::Options o;
  if (!o.set(name, value)) return false;
  if (o.is_set(api::Opt::backend)) backend = o.backend();
  if (o.is_set(api::Opt::core)) core = o.core();
  if (o.is_set(api::Opt::coreexe)) coreexe = o.coreexe();
  return o.is_set(api::Opt::backend) || o.is_set(api::Opt::core) || o.is_set(api::Opt::coreexe);
}

void Handle::set_macro_args(std::vector<std::string> args) { impl_->macro_args = std::move(args); }

Result<int> Handle::create_process(const std::string& command) {
  proc::CreateOptions opts = impl_->state.create_opts;
  opts.evaltime = proc::parse_evaltime(impl_->options.evaltime()).value_or(proc::EvalTime::Postinit);
  auto p = proc::Process::create(command, opts);
  if (!p) return p.error();
  impl_->remember_target((*p)->pid());
  impl_->targets.push_back(std::move(*p));
  return impl_->targets.back()->pid();
}

Result<int> Handle::grab_process(int pid) {
  auto p = proc::Process::grab(pid);
  if (!p) return p.error();
  impl_->remember_target(pid);
  impl_->targets.push_back(std::move(*p));
  return pid;
}

Status Handle::load_libraries() { return impl_->the_compiler().load_libraries(); }

Result<size_t> Handle::compile(std::string_view source, bool probe_spec) {
  auto prog = impl_->the_compiler().compile(source, probe_spec);
  if (!prog) return prog.error();
  for (const auto& [name, value] : prog->pragma_options) {
    Status st = impl_->set_option(name, value);
    if (!st)
      return make_error("failed to set option " + name + ": " + st.error().message, ErrTag::D_PRAGMA_OPTSET);
  }
  if (Status st = api::check_amin(impl_->options, *prog); !st) return st.error();
  // -x ctypes / dtypes: the type containers as they stand after this compile.
  for (bool c : {true, false}) {
    const std::string& path = c ? impl_->options.ctypes() : impl_->options.dtypes();
    if (path.empty()) continue;
    Status st = api::write_type_container(
        impl_->compiler->types(), c, static_cast<uint32_t>(impl_->options.value(DTRACEOPT_STRSIZE)), path);
    if (!st) return st.error();
  }
  impl_->aggs.declare(*prog);
  impl_->programs.push_back(std::move(*prog));
  size_t index = impl_->programs.size() - 1;
  impl_->debug("compiled program " + std::to_string(index) + ": " +
               std::to_string(impl_->programs[index].clauses.size()) + " clause(s), " +
               std::to_string(impl_->programs[index].difos.size()) + " DIF object(s)");
  // -x verbose: each program's DIF as it is compiled (what -S prints).
  if (impl_->options.verbose()) std::fputs(disassemble(index).c_str(), stderr);
  return index;
}

Status Handle::check_enable(size_t program) const {
  return prog::check_enable(impl_->programs.at(program), impl_->options.kernel_options());
}

std::string Handle::disassemble(size_t program) const {
  return dif::disassemble(impl_->programs.at(program));
}

uint32_t Handle::probes_matched(size_t program) const {
  uint32_t n = 0;
  for (const cc::Clause& c : impl_->programs.at(program).clauses)
    if (c.part == 0) n += c.probe.matched;  // later parts run in the same ECB's firing
  return n;
}

Result<uint32_t> Handle::enable(size_t program) {
  if (!impl_->dev) return make_error("DTrace device not available on system");
  if (!impl_->enablings.has_error_program()) {
    auto ep = impl_->the_compiler().compile_internal(consume::kErrorProgram);
    if (!ep) return make_error("internal ERROR enabling: " + ep.error().message);
    impl_->programs.push_back(std::move(*ep));
    impl_->enablings.add_error_program(impl_->programs.size() - 1);
  }
  return impl_->enablings.enable(program);
}

std::string Handle::missing_providers(std::string_view spec) const {
  if (spec.empty()) return kio::missing_provider_note("*");
  auto s = cc::parse_probe_spec(spec);
  return s ? kio::missing_provider_note(s->provider) : "";
}

Result<std::vector<ProbeInfo>> Handle::list_probes(std::string_view spec) {
  if (!impl_->dev) return make_error("DTrace device not available on system");
  dtrace_probedesc pattern{};
  if (!spec.empty()) {
    // $target names the first -c/-p process, as in programs.
    std::string text(spec);
    if (size_t at = text.find("$target"); at != std::string::npos && !impl_->targets.empty())
      text.replace(at, 7, std::to_string(impl_->targets.front()->pid()));
    auto s = cc::parse_probe_spec(text);
    if (!s) return s.error();
    // pid123:libc:malloc:entry is listed as DTrace lists it: created first.
    if (auto made = impl_->enablings.create_user_probes(*s); !made) return made.error();
    pattern = api::probe_pattern(*s);
  } else if (!impl_->dev->takes_helpers()) {
    // Every probe: the -G objects' too, which no registration made here.
    if (auto made = impl_->enablings.create_every_drti_probe(); !made) return made.error();
  }
  auto all = impl_->enablings.match(pattern);
  if (!all) return all.error();
  std::vector<ProbeInfo> out;
  for (const auto& d : *all) out.push_back(to_info(d));
  return out;
}

std::string Handle::format_probe_list(const std::vector<ProbeInfo>& probes, bool header, bool verbose) const {
  // args[i]'s D type as the compiler sees it (PROBEARG, BTF, tracefs,
  // DWARF): the translated type, else the native one.
  auto probe_arg_types = [this](const dtrace_probedesc& d) {
    std::vector<std::string> types;
    if (!impl_->dev) return types;
    impl_->the_compiler();  // makes arg_types
    for (const cc::ProbeArg& a : impl_->arg_types->of_probe(d))
      types.push_back(a.xlate.empty() ? a.native : a.xlate);
    return types;
  };
  std::string out = header ? consume::probe_list_header() : std::string();
  for (const auto& p : probes) {
    cc::ProbeSpec s{p.provider, p.mod, p.func, p.name, p.id, "", 0};
    dtrace_probedesc d = api::probe_pattern(s);
    out += consume::probe_list_row(d);
    if (verbose) out += consume::probe_list_details(d, probe_arg_types(d));
  }
  return out;
}

Status Handle::go() {
  if (!impl_->dev) return make_error("DTrace device not available on system");
  // -a / -x grabanon: there is never anonymous state to claim here (no
  // anonymous tracing on Linux), so this fails as DTrace does without one.
  if (impl_->options.grabanon()) return make_error("No anonymous tracing state");
  consume::PrintState& print = impl_->drainer.print();
  impl_->drainer.use_display_options();
  print.aggs = &impl_->aggs.hooks();
  impl_->session.setopt = [this](const std::string& name, const std::string& value) {
    std::string why = api::set_option_while_tracing(impl_->state.options, name, value);
    if (why.empty()) impl_->drainer.use_display_options();
    return why;
  };
  print.session = &impl_->session;
  impl_->drainer.keep_alive = [this](FILE* out) { return impl_->take_status(out); };
  if (auto st = impl_->enablings.enable_error_program(); !st)
    return make_error("internal ERROR enabling: " + st.error().message);
  auto cpu = impl_->dev->go();
  if (!cpu) return cpu.error();
  impl_->started = true;
  impl_->drainer.report_resize(*cpu);
  for (auto& t : impl_->targets) t->release();
  impl_->next_switch = impl_->next_agg = std::chrono::steady_clock::now();
  return Ok{};
}

Result<Work> Handle::work(FILE* out) {
  using namespace std::chrono;
  Impl& I = *impl_;
  auto now = steady_clock::now();
  auto period = [&I](dtrace_option option) {
    uint64_t rate = I.options.number(option);
    return nanoseconds(rate ? rate : 1000000000ull);
  };
  if (now >= I.next_agg) {
    if (Status st = I.snapshot_aggs(out); !st) return st.error();
    I.next_agg = now + period(DTRACEOPT_AGGRATE);
  }
  if (now >= I.next_switch) {
    Status st = I.drainer.drain(out);
    if (!st) return st.error();
    I.next_switch = now + period(DTRACEOPT_SWITCHRATE);
  }
  if (Status st = I.take_status(out); !st) return st.error();
  // The module's deadman killed the state (this consumer stopped asking
  // for STATUS): nothing is recorded any more, so say so rather than end quietly.
  if (I.killed) return make_error("Abort due to systemic unresponsiveness");
  if (I.ending) return Work::Done;
  if (I.targets_exited()) {
    if (Status st = I.report_targets_exited(out); !st) return st.error();
    return Work::Done;
  }
  // Poll the status often so exit() ends the run promptly; buffers are
  // still read at switchrate.
  std::this_thread::sleep_for(
      std::min<steady_clock::duration>({milliseconds(10), I.next_switch - now, I.next_agg - now}));
  return Work::Continue;
}

Status Handle::stop(FILE* out) {
  Impl& I = *impl_;
  if (!I.started || I.stopped) return Ok{};
  I.stopped = true;
  auto cpu = I.dev->stop();
  if (!cpu) return cpu.error();
  // The last snapshot whatever aggrate says: END's printa() and the
  // end-of-run output see everything.
  if (Status st = I.snapshot_aggs(out); !st) return st;
  if (Status st = I.drainer.drain(out, *cpu); !st) return st;
  if (auto status = I.dev->status()) I.drainer.report_drops(*status, out);
  auto output = I.drainer.output(out);
  output->stopped();
  I.aggs.print_unprinted(*output);
  output->finished(exit_status());
  std::fflush(out);
  return Ok{};
}

int Handle::exit_status() const { return impl_->drainer.print().exit_status.value_or(0); }

void Handle::interrupted(FILE* out) { impl_->drainer.output(out)->interrupted(); }

void Handle::report_error(FILE* out, const std::string& message) {
  impl_->drainer.notice(out, consume::Notice{"error", message});
}

Result<SessionStatus> Handle::status() {
  if (!impl_->dev) return make_error("DTrace device not available on system");
  auto s = impl_->dev->status();
  if (!s) return s.error();
  SessionStatus out;
  out.exiting = s->dtst_exiting != 0;
  out.filled = s->dtst_filled != 0;
  out.errors = s->dtst_errors;
  out.drops = s->dtst_dyndrops + s->dtst_dyndrops_rinsing + s->dtst_dyndrops_dirty + s->dtst_specdrops +
              s->dtst_specdrops_busy + s->dtst_specdrops_unavail;
  return out;
}

Result<std::vector<AggregateEntry>> Handle::aggregate_entries() {
  if (impl_->started) {
    if (Status st = impl_->snapshot_aggs(nullptr); !st) return st.error();
  }
  return impl_->aggs.entries();
}

Status Handle::print_aggregations(FILE* out) {
  if (impl_->started) {
    if (Status st = impl_->snapshot_aggs(out); !st) return st;
  }
  impl_->aggs.print_all(*impl_->drainer.output(out));
  return Ok{};
}

Status Handle::usdt_add_source(std::string_view source) {
  auto defs = usdt::read_provider_defs(source, impl_->the_compiler().options());
  if (!defs) return defs.error();
  for (usdt::ProviderDef& d : *defs) {
    for (const usdt::ProviderDef& had : impl_->usdt_defs)
      if (had.name == d.name)
        return make_error("provider " + d.name + " is also defined by an earlier script");
  }
  for (usdt::ProviderDef& d : *defs) impl_->usdt_defs.push_back(std::move(d));
  return Ok{};
}

Result<std::string> Handle::usdt_header(std::string_view guard) {
  return usdt::header_text(impl_->usdt_defs, guard);
}

Status Handle::usdt_link(const std::vector<std::string>& objects, const std::string& output) {
  if (auto st = usdt::check_objects(impl_->usdt_defs, objects); !st) return st;
  const api::Options& o = impl_->options;
  // DTrace's -G can write bare DOF; here the object carries no DOF: drti
  // builds the probes' description from the application's own records.
  if (o.linktype() == "dof")
    return make_error(
        "linktype=dof is not supported: -G objects carry no DOF (drti describes the probes at run time)");
  usdt::LinkOptions lo;
  if (!o.ldpath().empty()) lo.ld = o.ldpath();
  lo.strip = o.strip();
  lo.lazyload = o.lazyload();
  return usdt::write_drti_object(output, lo);
}

}  // namespace dtrace
