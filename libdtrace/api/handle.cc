// Handle: the session. Owns the device, the options, the compiler and
// every compiled program; turns enable/go/work/stop into ioctls and
// hands each drained firing to consume/ for printing. It formats no
// records itself.
#include "dtrace/handle.h"

#include <sched.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <cstring>
#include <map>
#include <optional>
#include <thread>
#include <tuple>

#include "api/aggregations.h"
#include "api/compile_options.h"
#include "api/ctf_dump.h"
#include "api/options.h"
#include "api/probe_args.h"
#include "cc/compiler.h"
#include "consume/buffer_walk.h"
#include "consume/drops.h"
#include "consume/error_report.h"
#include "consume/firing.h"
#include "consume/ksyms.h"
#include "consume/probe_list.h"
#include "consume/probe_stability.h"
#include "consume/temporal.h"
#include "consume/usyms.h"
#include "dif/disasm.h"
#include "kio/device.h"
#include "proc/process.h"
#include "proc/process_image.h"
#include "proc/user_probes.h"
#include "prog/encode.h"
#include "prog/limits.h"
#include "usdt/header_gen.h"
#include "usdt/link_objects.h"

namespace dtrace {
namespace {

dtrace_probedesc to_pattern(const cc::ProbeSpec& s) {
  dtrace_probedesc d{};
  d.dtpd_id = s.id;
  std::strncpy(d.dtpd_provider, s.provider.c_str(), sizeof d.dtpd_provider - 1);
  std::strncpy(d.dtpd_mod, s.mod.c_str(), sizeof d.dtpd_mod - 1);
  std::strncpy(d.dtpd_func, s.func.c_str(), sizeof d.dtpd_func - 1);
  std::strncpy(d.dtpd_name, s.name.c_str(), sizeof d.dtpd_name - 1);
  return d;
}

ProbeInfo to_info(const dtrace_probedesc& d) {
  auto f = [](const char* s, size_t n) { return std::string(s, strnlen(s, n)); };
  return ProbeInfo{d.dtpd_id, f(d.dtpd_provider, sizeof d.dtpd_provider),
                   f(d.dtpd_mod, sizeof d.dtpd_mod), f(d.dtpd_func, sizeof d.dtpd_func),
                   f(d.dtpd_name, sizeof d.dtpd_name)};
}

// -x core: once the program has cleaned up and exits, abort so that the
// system dumps core (as the RLIMIT_CORE in force allows) for debugging.
void abort_at_exit() {
  static bool registered = false;
  if (registered) return;
  registered = true;
  std::atexit([] {
    static const char msg[] = "dtrace: -x core: aborting to dump core\n";
    ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)ignored;
    std::signal(SIGABRT, SIG_DFL);
    std::abort();
  });
}

}  // namespace

struct Handle::Impl {
  OpenOptions open_opts;
  std::unique_ptr<kio::Device> dev;
  api::Options options;
  std::vector<std::string> macro_args{"dtrace"};
  std::vector<std::string> cpp_args;   // -D/-U/-I in order (options keep only the last)
  std::vector<std::string> libdirs;    // -L / -xlibdir in order
  proc::CreateOptions create_opts;     // -x setenv/unsetenv in order
  std::unique_ptr<cc::Compiler> compiler;
  std::vector<cc::Program> programs;
  std::optional<size_t> error_program;
  std::map<uint32_t, kio::EpDesc> epdescs;
  std::map<uint32_t, dtrace_probedesc> probes;
  api::Aggregations aggs{programs, options};
  consume::PrintState print;
  consume::SessionHooks session;
  consume::TemporalMerge temporal;  // -x temporal: firings held between drains
  uint32_t ncpus = 1;
  bool started = false, stopped = false;
  std::chrono::steady_clock::time_point next_switch{}, next_agg{};
  std::vector<std::unique_ptr<proc::Process>> targets;  // -c / -p
  std::map<std::string, std::string> user_specs_done;    // descriptions expanded -> module named
  std::unique_ptr<api::ProbeArgTypes> arg_types;         // args[] types for the compiler

  // -x, #pragma D option and the C API: a CPU the machine does not have
  // is a bad value, as any value the module would refuse.
  Status set_option(std::string_view name, std::string_view value) {
    if (name == "cpu" && dev) {
      api::Options check;
      if (check.set(name, value) && check.number("cpu") >= ncpus)
        return make_error("Invalid value for specified option");
    }
    Status st = options.set(name, value);
    if (st && name == "core" && options.flag("core")) abort_at_exit();
    if (st && name == "pgmax") consume::set_process_cache_limit(options.number("pgmax"));
    // kdefs and knodefs (udefs and unodefs) undo each other: the last wins.
    if (st && (name == "kdefs" || name == "knodefs"))
      (void)options.set(name == "kdefs" ? "knodefs" : "kdefs", "no");
    if (st && (name == "udefs" || name == "unodefs"))
      (void)options.set(name == "udefs" ? "unodefs" : "udefs", "no");
    return st;
  }

  // -x debug (or DTRACE_DEBUG in the environment): what libdtrace does, on stderr.
  void debug(const std::string& what) const {
    if (options.flag("debug") || std::getenv("DTRACE_DEBUG"))
      std::fprintf(stderr, "libdtrace DEBUG: %s\n", what.c_str());
  }

  // -x amin: every probe description's attributes must be at least that
  // stable (D_ATTR_MIN), as DTrace checks what a program uses.
  Status check_amin(const cc::Program& prog) const {
    consume::Attr min;
    if (!options.is_set("amin") || !consume::parse_attr(options.text("amin"), &min)) return Ok{};
    for (const cc::Clause& c : prog.clauses) {
      const cc::ProbeSpec& p = c.probe;
      // BEGIN, END and ERROR need no provider; another description
      // without one names no provider whose attributes are known.
      bool dtrace_probe = p.name == "BEGIN" || p.name == "END" || p.name == "ERROR";
      if (p.id != 0 || (p.provider.empty() && !dtrace_probe)) continue;
      consume::Attr a =
          consume::probe_attrs(p.provider.empty() ? "dtrace" : p.provider, !p.mod.empty(), !p.func.empty()).desc;
      if (consume::attr_below(a, min)) {
        return make_error("attributes for probe description " + p.str() + " (" + consume::attr_text(a) +
                              ") are less than predefined minimum",
                          "D_ATTR_MIN", p.line);
      }
    }
    return Ok{};
  }

  // setopt() while tracing: only the options DTrace lets change then (the
  // consumer's display and rate options); "" when set, else why not.
  std::string setopt_while_tracing(const std::string& name, const std::string& value) {
    static constexpr std::string_view kDynamic[] = {
        "aggrate", "aggsortkey", "aggsortkeypos", "aggsortpos", "aggsortrev", "agghist", "aggpack",
        "aggzoom", "flowindent", "quiet", "quietresize", "rawbytes", "stackindent", "switchrate"};
    api::Options check;
    if (Status st = check.set(name, value); !st) return st.error().message;
    if (std::find(std::begin(kDynamic), std::end(kDynamic), name) == std::end(kDynamic))
      return "Operation illegal when tracing is active";
    (void)options.set(name, value);
    print.quiet = options.flag("quiet");
    print.flowindent = options.flag("flowindent");
    print.text = api::text_options(options);
    return "";
  }

  cc::Compiler& the_compiler() {
    if (!compiler) {
      cc::CompileOptions co;
      uint64_t strsize = options.number("strsize");
      co.strsize = strsize ? static_cast<uint32_t>(strsize) : 256;
      co.macro_args = macro_args;
      if (!targets.empty()) co.macro_vars.emplace_back("target", std::to_string(targets.front()->pid()));
      // Every target's objects, read once for types, symbols and args[];
      // the first target's come first, so its executable is the one a.out
      // names.
      auto images = std::make_shared<std::vector<proc::ProcessImage>>();
      for (auto& t : targets)
        if (auto img = proc::ProcessImage::read(t->pid())) images->push_back(std::move(*img));
      for (const proc::ProcessImage& img : *images)
        for (auto& o : user_objects(img)) co.user_objects.push_back(std::move(o));
      api::copy_compile_options(options, co);
      co.set_option = api::pragma_option;
      co.kernel_symbol = [](std::string_view mod, std::string_view name) {
        const auto& table = consume::KernelSymbols::system();
        cc::SymbolRef r;
        r.module_known = mod.empty() || table.has_module(mod);
        if (const consume::KernelSymbol* s = table.find(mod, name)) {
          r.found = true;
          r.addr = s->addr;
          r.module = s->module;
          r.data = !std::strchr("tTwW", s->type);
        }
        return r;
      };
      if (!images->empty()) co.user_symbol = user_symbols(images);
      auto frames = [this](const char* name, uint32_t dflt) {
        uint64_t v = options.number(name);
        return v ? static_cast<uint32_t>(v) : dflt;
      };
      co.stackframes = frames("stackframes", co.stackframes);
      co.ustackframes = frames("ustackframes", co.ustackframes);
      co.jstackframes = frames("jstackframes", co.jstackframes);
      co.jstackstrsize = frames("jstackstrsize", co.jstackstrsize);
      co.cpp.enabled = options.flag("cpp");
      co.cpp.print_includes = options.flag("cpphdrs");
      if (!options.text("cpppath").empty()) co.cpp.path = options.text("cpppath");
      co.cpp.args = cpp_args;
      if (options.is_set("stdc")) co.cpp.stdc = options.text("stdc")[0];
      if (!options.flag("nolibs")) {  // -x nolibs: no D library files at all
        co.libdirs = libdirs;
        co.libdirs.push_back(system_libdir());
      }
      if (dev) co.count_matches = [this](cc::ProbeSpec& s) { return count_matches(s); };
      api::ProbeArgSources src;
      src.btf_path = co.btf_path;
      // Only the targets' objects: the compiler knows no other process's
      // types, so another pid's probes stay untyped.
      src.user_objects = [images](int pid) {
        for (const proc::ProcessImage& img : *images)
          if (img.pid() == pid) return user_objects(img);
        return std::vector<std::pair<std::string, std::string>>{};
      };
      if (dev) {
        src.match = [this](const cc::ProbeSpec& s) { return match(to_pattern(s)); };
        src.probe_arg = [this](uint32_t id, uint32_t ndx) { return dev->probe_arg(id, ndx); };
      }
      arg_types = std::make_unique<api::ProbeArgTypes>(std::move(src));
      co.probe_args = [this](const cc::ProbeSpec& s) { return arg_types->describe(s); };
      compiler = std::make_unique<cc::Compiler>(std::move(co));
    }
    return *compiler;
  }

  // Data symbols of the targets' objects at their addresses in the
  // target (mod``sym): "a.out" is the first target's executable.
  static std::function<cc::SymbolRef(std::string_view, std::string_view)> user_symbols(
      std::shared_ptr<const std::vector<proc::ProcessImage>> images) {
    return [images](std::string_view mod, std::string_view name) {
      cc::SymbolRef r;
      for (size_t i = 0; i < images->size(); i++) {
        proc::DataSymbol d = (*images)[i].data_symbol(mod, name, i == 0);
        r.module_known |= d.module_known;
        if (!d.found) continue;
        r.found = r.data = true;
        r.addr = d.addr;
        r.module = d.module;
        break;
      }
      return r;
    };
  }

  // A target's executable and shared objects, for its DWARF types.
  static std::vector<std::pair<std::string, std::string>> user_objects(const proc::ProcessImage& img) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const proc::MappedObject& o : img.objects()) {
      out.emplace_back(o.module, o.open_path);
      // As in pid probe descriptions, a.out names the executable.
      if (o.executable) out.emplace_back("a.out", o.open_path);
    }
    return out;
  }

  // -xsyslibdir, else the source tree's libdtrace/dlib when this dtrace
  // runs from its build tree, else the installed $(PREFIX)/lib/dtrace.
  std::string system_libdir() const {
    std::string dir = options.text("syslibdir");
    if (!dir.empty()) return dir;
    struct stat st;
    if (stat(DTRACE_BUILD_LIBDIR, &st) == 0 && S_ISDIR(st.st_mode)) return DTRACE_BUILD_LIBDIR;
    return DTRACE_INSTALL_LIBDIR;
  }

  Result<uint32_t> count_matches(cc::ProbeSpec& s) {
    if (auto made = create_user_probes(s); !made) return made.error();
    auto all = match(to_pattern(s));
    return all ? static_cast<uint32_t>(all->size()) : 0;
  }

  // The user probes (pid provider...) a description names exist in the
  // module only once libdtrace has created them: before matching. The
  // description comes back with the module named as the probes are.
  Result<uint32_t> create_user_probes(cc::ProbeSpec& s) {
    if (s.id) return 0u;
    std::string asked = s.str();
    if (auto done = user_specs_done.find(asked); done != user_specs_done.end()) {
      s.mod = done->second;
      return 0u;
    }
    proc::UserProbeContext ctx{*dev, {}};
    auto n = proc::create_user_probes(s, ctx);
    if (n) user_specs_done.emplace(asked, s.mod);
    return n;
  }

  // Lets the held targets run; true once all are gone.
  bool targets_exited() {
    if (targets.empty()) return false;
    for (auto& t : targets) t->release();
    for (auto& t : targets)
      if (!t->exited()) return false;
    return true;
  }

  // DTrace's notice, after what the targets' probes recorded while they
  // ran: drained and flushed first, so the notice never precedes it.
  Status report_targets_exited(FILE* out) {
    if (Status st = drain(out); !st) return st;
    std::fflush(out);
    for (auto& t : targets) std::fprintf(stderr, "dtrace: pid %d has exited\n", t->pid());
    targets.clear();
    return Ok{};
  }

  Result<std::vector<dtrace_probedesc>> match(const dtrace_probedesc& pattern) {
    std::vector<dtrace_probedesc> out;
    uint32_t start = 0;
    for (;;) {
      auto p = dev->probe_match(pattern, start);
      if (!p) return p.error();
      if (!*p) return out;
      out.push_back(**p);
      start = (*p)->dtpd_id + 1;
    }
  }

  Result<const dtrace_probedesc*> probe(uint32_t id) {
    auto it = probes.find(id);
    if (it != probes.end()) return &it->second;
    auto p = dev->probe_match(dtrace_probedesc{}, id);
    if (!p) return p.error();
    if (!*p || (*p)->dtpd_id != id) return make_error("probe " + std::to_string(id) + " vanished");
    return &probes.emplace(id, **p).first->second;
  }

  Result<const kio::EpDesc*> epdesc(uint32_t epid) {
    auto it = epdescs.find(epid);
    if (it != epdescs.end()) return &it->second;
    auto d = dev->epdesc(epid);
    if (!d) return d.error();
    return &epdescs.emplace(epid, std::move(*d)).first->second;
  }

  Result<uint32_t> enable_program(size_t index) {
    const cc::Program& prog = programs[index];
    // -Z skipped matching: create the user probes now, and leave out the
    // clauses that still match nothing (the module refuses those).
    std::vector<bool> skip;
    for (const cc::Clause& c : prog.clauses) {
      cc::ProbeSpec s = c.probe;
      if (auto made = create_user_probes(s); !made) return made.error();
      bool none = false;
      if (options.flag("zdefs") && !s.id) {
        auto m = match(to_pattern(s));
        none = m && m->empty();
      }
      skip.push_back(none);
    }
    auto blob = prog::encode(prog, options.kernel_options(), static_cast<uint32_t>(index), skip);
    kio::EnableFailure why;
    auto r = dev->enable(blob, &why);
    if (r) return r->nprobes;
    // A size or count over a limit of kernel/uapi/dtrace/limits.h.
    if (why.err == E2BIG) return make_error("Enabling exceeds size limit: " + r.error().message, "EDT_ENABLING_ERR");
    if (why.err == ENOENT && why.detail.dten_clause < prog.clauses.size()) {
      const cc::ProbeSpec& s = prog.clauses[why.detail.dten_clause].probe;
      return make_error("probe description " + s.str() + " does not match any probes",
                        "D_PDESC_ZERO", s.line);
    }
    return r.error();
  }

  // The program and clause an EPID's cookie names; nulls for one the
  // session did not compile.
  std::pair<const cc::Program*, const cc::Clause*> ecb_source(const kio::EpDesc& ep) const {
    size_t prog_id = ep.uarg >> 32, clause = ep.uarg & 0xffffffffu;
    if (prog_id >= programs.size() || clause >= programs[prog_id].clauses.size()) return {nullptr, nullptr};
    return {&programs[prog_id], &programs[prog_id].clauses[clause]};
  }

  // A firing of the ERROR enabling: DTrace's message on stderr, after
  // what stdout holds so far.
  void report_error(const consume::FiringView& f) {
    consume::ProbeError e = consume::decode_error(f);
    consume::FaultingEcb ecb;
    if (auto faulting = epdesc(static_cast<uint32_t>(e.epid))) {
      std::tie(ecb.program, ecb.clause) = ecb_source(**faulting);
      ecb.probe_id = (*faulting)->probeid;
      if (auto p = probe(ecb.probe_id)) ecb.probe = *p;
    }
    std::fflush(stdout);
    std::fprintf(stderr, "dtrace: %s\n", consume::error_message(e, ecb).c_str());
  }

  // A CPU's principal buffer, oldest record first; its drops reported.
  Result<kio::Snapshot> snapshot(uint32_t cpu) {
    auto snap = dev->bufsnap(cpu);
    if (!snap) return snap.error();
    // A wrapped ring buffer: records run from the oldest to the end, then
    // from the start; the module padded the gap, so no record straddles.
    if (snap->oldest > 0 && snap->oldest < snap->data.size())
      std::rotate(snap->data.begin(), snap->data.begin() + static_cast<long>(snap->oldest), snap->data.end());
    if (snap->drops)
      std::fprintf(stderr, "dtrace: %s\n",
                   consume::cpu_drop_message(consume::DropKind::Principal, snap->drops, cpu,
                                             options.flag("droptags")).c_str());
    return snap;
  }

  Result<uint32_t> data_size(uint32_t epid) {
    auto d = epdesc(epid);
    if (!d) return d.error();
    return (*d)->size;
  }

  // One firing: printed, or reported if it is the ERROR enabling's.
  Status print_one(uint32_t cpu, const consume::Firing& fi, FILE* out) {
    auto ep = epdesc(fi.epid);
    if (!ep) return ep.error();
    auto [prog, clause] = ecb_source(**ep);
    if (!prog) return make_error("EPID " + std::to_string(fi.epid) + " belongs to no known program");
    auto p = probe((*ep)->probeid);
    if (!p) return p.error();
    consume::FiringView view{cpu, *p, *ep, prog, clause, fi.data};
    if (error_program && prog == &programs[*error_program]) {
      report_error(view);
      return Ok{};
    }
    return consume::print_firing(view, print, out);
  }

  // A line still open when a run of firings ends is complete: the parts
  // of a split statement follow each other.
  struct CloseLine {
    consume::PrintState& st;
    FILE* out;
    ~CloseLine() { consume::end_line(st, out); }
  };

  Status drain_cpu(uint32_t cpu, FILE* out) {
    auto snap = snapshot(cpu);
    if (!snap) return snap.error();
    CloseLine close_line{print, out};
    return consume::walk_buffer(
        snap->data, [this](uint32_t epid) { return data_size(epid); },
        [&](const consume::Firing& fi) { return print_one(cpu, fi, out); });
  }

  // -x temporal: every CPU's buffer into the merge, then what is safe to
  // print in timestamp order (everything once tracing has stopped).
  Status drain_temporal(FILE* out, bool all) {
    for (uint32_t cpu = 0; cpu < ncpus; cpu++) {
      // The module's clock (CLOCK_MONOTONIC), read before the switch.
      timespec ts{};
      clock_gettime(CLOCK_MONOTONIC, &ts);
      uint64_t before = static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
      auto snap = snapshot(cpu);
      if (!snap) return snap.error();
      if (snap->timestamp == 0) continue;  // a CPU without buffers
      Status st = temporal.add(cpu, snap->data, before,
                               [this](uint32_t epid) { return data_size(epid); });
      if (!st) return st;
    }
    CloseLine close_line{print, out};
    return temporal.release(all, [&](uint32_t cpu, const consume::Firing& fi) { return print_one(cpu, fi, out); });
  }

  // bufresize=auto: the module halves bufsize and aggsize together until
  // they can be allocated; dtrace(1) says so after GO unless -x
  // quietresize ("buffer size lowered to 512m", "... to 12345 bytes").
  void report_resize(uint32_t cpu) {
    if (options.flag("quietresize")) return;
    static constexpr struct { const char* what; const char* option; bool agg; } kSizes[] = {
        {"buffer size", "bufsize", false}, {"aggregation size", "aggsize", true}};
    for (const auto& k : kSizes) {
      uint64_t asked = options.number(k.option);
      auto got = dev->buffer_size(cpu, k.agg);
      if (!got || *got == 0 || *got + sizeof(uint64_t) >= asked) continue;
      int unit = 0;
      while (unit < 6 && (uint64_t{1} << (10 * (unit + 1))) <= *got) unit++;
      uint64_t scale = uint64_t{1} << (10 * unit);
      if (*got % scale == 0)
        std::fprintf(stderr, "dtrace: %s lowered to %llu%c\n", k.what,
                     static_cast<unsigned long long>(*got / scale), " kmgtpe"[unit]);
      else
        std::fprintf(stderr, "dtrace: %s lowered to %llu bytes\n", k.what,
                     static_cast<unsigned long long>(*got));
    }
  }

  void report_drops(const dtrace_status& s) {
    for (const std::string& m : consume::status_drop_messages(s, options.flag("droptags")))
      std::fprintf(stderr, "dtrace: %s\n", m.c_str());
  }

  // The principal buffers, at switchrate; aggregations are snapshotted
  // on their own timer (aggrate), so printa() may show an older snapshot.
  // last_cpu: the CPU END fired on, drained after the others so END's
  // output follows everything traced before it (as DTrace orders it).
  Status drain(FILE* out, std::optional<uint32_t> last_cpu = std::nullopt) {
    if (options.flag("temporal")) {
      Status st = drain_temporal(out, last_cpu.has_value());
      std::fflush(out);
      return st;
    }
    for (uint32_t cpu = 0; cpu < ncpus; cpu++) {
      if (cpu == last_cpu) continue;
      Status st = drain_cpu(cpu, out);
      if (!st) return st;
    }
    if (last_cpu && *last_cpu < ncpus) {
      Status st = drain_cpu(*last_cpu, out);
      if (!st) return st;
    }
    std::fflush(out);
    return Ok{};
  }
};

Handle::Handle(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Handle::~Handle() = default;

Result<std::unique_ptr<Handle>> Handle::open(const OpenOptions& opts) {
  auto impl = std::make_unique<Impl>();
  impl->open_opts = opts;
  auto dev = opts.device_path.empty() ? kio::open_kernel_device()
                                      : kio::open_kernel_device(opts.device_path);
  if (dev) {
    impl->dev = std::move(*dev);
    auto conf = impl->dev->conf();
    if (!conf) return conf.error();
    impl->ncpus = conf->dtc_maxcpu ? conf->dtc_maxcpu : 1;
  } else if (opts.need_device) {
    return dev.error();
  }
  return std::unique_ptr<Handle>(new Handle(std::move(impl)));
}

bool Handle::has_device() const { return impl_->dev != nullptr; }

Status Handle::set_option(std::string_view name, std::string_view value) {
  Status st = impl_->set_option(name, value);
  if (st) impl_->debug("set option " + std::string(name) + (value.empty() ? "" : "=") + std::string(value));
  if (st && name == "libdir") impl_->libdirs.emplace_back(value);
  if (st && name == "setenv") {
    size_t eq = value.find('=');
    impl_->create_opts.env.emplace_back(std::string(value.substr(0, eq)), std::string(value.substr(eq + 1)));
  }
  if (st && name == "unsetenv") impl_->create_opts.env.emplace_back(std::string(value), std::nullopt);
  if (st && (name == "define" || name == "undef" || name == "incdir"))
    impl_->cpp_args.push_back((name == "define" ? "-D" : name == "undef" ? "-U" : "-I") + std::string(value));
  return st;
}

bool Handle::quiet() const { return impl_->options.flag("quiet"); }

void Handle::set_macro_args(std::vector<std::string> args) { impl_->macro_args = std::move(args); }

Result<int> Handle::create_process(const std::string& command) {
  proc::CreateOptions opts = impl_->create_opts;
  opts.evaltime = proc::parse_evaltime(impl_->options.text("evaltime")).value_or(proc::EvalTime::Postinit);
  auto p = proc::Process::create(command, opts);
  if (!p) return p.error();
  consume::remember_process((*p)->pid());
  impl_->targets.push_back(std::move(*p));
  return impl_->targets.back()->pid();
}

Result<int> Handle::grab_process(int pid) {
  auto p = proc::Process::grab(pid);
  if (!p) return p.error();
  consume::remember_process(pid);
  impl_->targets.push_back(std::move(*p));
  return pid;
}

Result<size_t> Handle::compile(std::string_view source, bool probe_spec) {
  auto prog = impl_->the_compiler().compile(source, probe_spec);
  if (!prog) return prog.error();
  for (const auto& [name, value] : prog->pragma_options) {
    Status st = impl_->set_option(name, value);
    if (!st) return make_error("failed to set option " + name + ": " + st.error().message,
                               "D_PRAGMA_OPTSET");
  }
  if (Status st = impl_->check_amin(*prog); !st) return st.error();
  // -x ctypes / dtypes: the type containers as they stand after this compile.
  for (const char* opt : {"ctypes", "dtypes"}) {
    if (impl_->options.text(opt).empty()) continue;
    uint64_t strsize = impl_->options.number("strsize");
    Status st = api::write_type_container(impl_->compiler->types(), opt[0] == 'c',
                                          strsize ? static_cast<uint32_t>(strsize) : 256,
                                          impl_->options.text(opt));
    if (!st) return st.error();
  }
  impl_->aggs.declare(*prog);
  impl_->programs.push_back(std::move(*prog));
  size_t index = impl_->programs.size() - 1;
  impl_->debug("compiled program " + std::to_string(index) + ": " +
                std::to_string(impl_->programs[index].clauses.size()) + " clause(s), " +
                std::to_string(impl_->programs[index].difos.size()) + " DIF object(s)");
  // -x verbose: each program's DIF as it is compiled (what -S prints).
  if (impl_->options.flag("verbose")) std::fputs(disassemble(index).c_str(), stderr);
  return index;
}

Status Handle::check_sizes(size_t program) const {
  uint64_t strsize = impl_->options.number("strsize");
  return prog::check_sizes(impl_->programs.at(program), strsize ? static_cast<uint32_t>(strsize) : 256);
}

std::string Handle::disassemble(size_t program) const {
  return dif::disassemble(impl_->programs.at(program));
}

namespace {

// -x cpu=N: the consumer enables from CPU N. Probes that fire on a single
// CPU fire on the one that enabled them (the profile provider pins tick-N
// there), so they fire where this consumer traces.
class PinnedToCpu {
 public:
  explicit PinnedToCpu(const api::Options& o) {
    if (o.text("cpu").empty()) return;
    if (sched_getaffinity(0, sizeof saved_, &saved_) != 0) return;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(static_cast<int>(o.number("cpu")), &one);
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

Result<uint32_t> Handle::enable(size_t program) {
  if (!impl_->dev) return make_error("DTrace device not available on system");
  PinnedToCpu pinned(impl_->options);
  if (!impl_->error_program) {  // first: it owns the first EPID
        auto ep = impl_->the_compiler().compile_internal(consume::kErrorProgram);
    if (!ep) return make_error("internal ERROR enabling: " + ep.error().message);
    impl_->programs.push_back(std::move(*ep));
    impl_->error_program = impl_->programs.size() - 1;
    auto r = impl_->enable_program(*impl_->error_program);
    if (!r) return r.error();
  }
  return impl_->enable_program(program);
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
    if (auto made = impl_->create_user_probes(*s); !made) return made.error();
    pattern = to_pattern(*s);
  }
  auto all = impl_->match(pattern);
  if (!all) return all.error();
  std::vector<ProbeInfo> out;
  for (const auto& d : *all) out.push_back(to_info(d));
  return out;
}

std::string Handle::format_probe_list(const std::vector<ProbeInfo>& probes, bool header,
                                      bool verbose) const {
  // args[i]'s D type as the compiler sees it (PROBEARG, BTF, tracefs,
  // DWARF): the translated type, else the native one.
  auto probe_arg_types = [this](const dtrace_probedesc& d) {
    std::vector<std::string> types;
    if (!impl_->dev) return types;
    impl_->the_compiler();  // makes arg_types
    for (const cc::ProbeArg& a : impl_->arg_types->of_probe(d)) types.push_back(a.xlate.empty() ? a.native : a.xlate);
    return types;
  };
  std::string out = header ? consume::probe_list_header() : std::string();
  for (const auto& p : probes) {
    cc::ProbeSpec s{p.provider, p.mod, p.func, p.name, p.id, "", 0};
    dtrace_probedesc d = to_pattern(s);
    out += consume::probe_list_row(d);
    if (verbose) out += consume::probe_list_details(d, probe_arg_types(d));
  }
  return out;
}

Status Handle::go() {
  if (!impl_->dev) return make_error("DTrace device not available on system");
  // -a / -x grabanon: there is never anonymous state to claim here (no
  // anonymous tracing on Linux), so this fails as DTrace does without one.
  if (impl_->options.flag("grabanon")) return make_error("No anonymous tracing state");
  impl_->print.quiet = quiet();
  impl_->print.flowindent = impl_->options.flag("flowindent");
  impl_->print.text = api::text_options(impl_->options);
  impl_->print.aggs = &impl_->aggs.hooks();
  impl_->session.setopt = [this](const std::string& name, const std::string& value) {
    return impl_->setopt_while_tracing(name, value);
  };
  impl_->print.session = &impl_->session;
  auto cpu = impl_->dev->go();
  if (!cpu) return cpu.error();
  impl_->started = true;
  impl_->report_resize(*cpu);
  for (auto& t : impl_->targets) t->release();
  impl_->next_switch = impl_->next_agg = std::chrono::steady_clock::now();
  return Ok{};
}

Result<Work> Handle::work(FILE* out) {
  using namespace std::chrono;
  Impl& I = *impl_;
  auto now = steady_clock::now();
  auto period = [&I](const char* option) {
    uint64_t rate = I.options.number(option);
    return nanoseconds(rate ? rate : 1000000000ull);
  };
  if (now >= I.next_agg) {
    if (Status st = I.aggs.snapshot(*I.dev, I.ncpus); !st) return st.error();
    I.next_agg = now + period("aggrate");
  }
  if (now >= I.next_switch) {
    Status st = I.drain(out);
    if (!st) return st.error();
    I.next_switch = now + period("switchrate");
  }
  auto status = I.dev->status();
  if (!status) return status.error();
  I.report_drops(*status);
  // The module's deadman killed the state (this consumer stopped asking
  // for STATUS): nothing is recorded any more, so say so rather than end quietly.
  if (status->dtst_activity == DTRACE_ACTIVITY_KILLED)
    return make_error("Abort due to systemic unresponsiveness");
  // A full fill buffer ends tracing as exit() does (END still fits).
  if (status->dtst_exiting || status->dtst_filled || status->dtst_activity >= DTRACE_ACTIVITY_DRAINING)
    return Work::Done;
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
  if (Status st = I.aggs.snapshot(*I.dev, I.ncpus); !st) return st;
  if (Status st = I.drain(out, *cpu); !st) return st;
  if (auto status = I.dev->status()) I.report_drops(*status);
  I.aggs.print_unprinted(out);
  std::fflush(out);
  return Ok{};
}

int Handle::exit_status() const { return impl_->print.exit_status.value_or(0); }

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
    if (Status st = impl_->aggs.snapshot(*impl_->dev, impl_->ncpus); !st) return st.error();
  }
  return impl_->aggs.entries();
}

Status Handle::print_aggregations(FILE* out) {
  if (impl_->started) {
    if (Status st = impl_->aggs.snapshot(*impl_->dev, impl_->ncpus); !st) return st;
  }
  impl_->aggs.print_all(out);
  return Ok{};
}

Result<std::string> Handle::usdt_header(std::string_view source, std::string_view guard) {
  auto defs = usdt::read_provider_defs(source, impl_->the_compiler().options());
  if (!defs) return defs.error();
  return usdt::header_text(*defs, guard);
}

Status Handle::usdt_link(std::string_view source, const std::vector<std::string>& objects,
                         const std::string& output) {
  auto defs = usdt::read_provider_defs(source, impl_->the_compiler().options());
  if (!defs) return defs.error();
  if (auto st = usdt::check_objects(*defs, objects); !st) return st;
  const api::Options& o = impl_->options;
  // DTrace's -G can write bare DOF; here the object carries no DOF: drti
  // builds the probes' description from the application's own records.
  if (o.text("linktype") == "dof")
    return make_error("linktype=dof is not supported: -G objects carry no DOF (drti describes the probes at run time)");
  usdt::LinkOptions lo;
  if (!o.text("ldpath").empty()) lo.ld = o.text("ldpath");
  lo.strip = o.flag("strip");
  lo.lazyload = o.flag("lazyload");
  return usdt::write_drti_object(output, lo);
}

}  // namespace dtrace
