// libdtrace's public C++ API: what cmd/dtrace (and any other consumer)
// uses. One Handle = one tracing session on one /dev/dtrace state (or
// none, for compile-only use). Traced data prints on the FILE* given to
// work()/stop(); error messages ("dtrace: error on enabled probe ...",
// drops, "pid N has exited") go to stderr, as dtrace(1) prints them,
// or under -x oformat=json to that FILE* as JSON objects (doc/json.md).
//
//   auto h = dtrace::Handle::open({});
//   auto p = (*h)->compile(source);      // -n / -s text
//   (*h)->enable(*p);                    // probes matched
//   (*h)->go();
//   while ((*h)->work(stdout) == Work::Continue) ...
//   (*h)->stop(stdout);
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace dtrace {

struct OpenOptions {
  bool need_device = true;  // false: compile-only use (dtrace -e, -S) may run without the module
  std::string device_path;  // default /dev/dtrace
  // -x backend: "module" (/dev/dtrace), "bpf" (doc/bpf.md), or "": the
  // module when its device opens, else bpf (Handle::notice says so).
  std::string backend;
  // -x core=FILE: a core dump to run the programs on (doc/postmortem.md),
  // its executable at coreexe when the dump's path to it is wrong.
  std::string core, coreexe;

  // -x NAME=VALUE seen before open(): takes the options open() needs
  // (backend, core, coreexe); false for any other, which
  // Handle::set_option sets.
  bool take_option(std::string_view name, std::string_view value);
};

struct ProbeInfo {
  uint32_t id = 0;
  std::string provider, mod, func, name;
};

enum class Work { Continue, Done };

// One aggregation entry for programs that walk the data themselves.
struct AggregateEntry {
  std::string name;               // without '@'
  std::vector<std::string> keys;  // as dtrace(1) prints them, trimmed
  int64_t value = 0;              // scalar value; histograms: the sum of their buckets
};

// Counters since the previous status read (work() reads it too).
struct SessionStatus {
  bool exiting = false;  // exit() ran
  bool filled = false;   // a fill-policy buffer became full
  uint64_t errors = 0;   // faults
  uint64_t drops = 0;    // dynamic-variable and speculative drops
};

class Handle {
 public:
  static Result<std::unique_ptr<Handle>> open(const OpenOptions& opts);
  ~Handle();
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  bool has_device() const;
  // What open() chose without being told ("" when nothing to say).
  const std::string& notice() const;
  // The device open() opened: "module", "bpf" or "core"; "" for none.
  const std::string& backend() const;
  // -x name[=value]; also used for #pragma D option.
  Status set_option(std::string_view name, std::string_view value);
  bool quiet() const;
  // -w or the destructive option: destructive actions are allowed.
  bool destructive() const;
  // -Z: descriptions may match no probe yet (they wait for their probes).
  bool zdefs() const;
  // -x errtags: compile errors name their D_* tag.
  bool errtags() const;
  // -x argref: macro arguments a program does not use are no error.
  bool argref() const;
  // -a / -x grabanon: claim the anonymous state.
  bool grabanon() const;
  // $0 and $1..$n for macro variables.
  void set_macro_args(std::vector<std::string> args);

  // -c: starts `command` held at its entry point; -p: stops process pid.
  // The first becomes $target (call before compile()); each runs once
  // go() has enabled the probes. Once every such process is gone, work()
  // prints what they recorded, then "pid N has exited", and returns Done.
  // Returns the pid.
  Result<int> create_process(const std::string& command);
  Result<int> grab_process(int pid);

  // Compiles a D program (an -s file's text or an -n/-P/... argument);
  // returns a program index for enable()/disassemble().
  // probe_spec: the source is a -n/-P/-m/-f/-i argument (see -x pspec).
  // An error has its ErrTag and, where it has a source position, the
  // line and column (util/result.h; dtrace(1) prints only the line).
  Result<size_t> compile(std::string_view source, bool probe_spec = false);
  // Loads and checks the D library files (system and -L) without a
  // program, as dtrace -e with none does; compile() loads them first.
  Status load_libraries();
  std::string disassemble(size_t program) const;
  // What ENABLE would refuse that needs no probe (DIF validation, size
  // limits, clause cost; doc/limits.md), found by the module's own code:
  // for dtrace -e. The error is as enable() would return it.
  Status check_enable(size_t program) const;
  // The probes its descriptions matched when it was compiled: what
  // enable() will ask the module to enable (0 if compiled without it).
  uint32_t probes_matched(size_t program) const;
  // Hands the program to the module; returns the number of probes matched.
  // The first call enables the consumer's own ERROR clause before it.
  Result<uint32_t> enable(size_t program);

  // Probes matching a description such as "dtrace:::" or "BEGIN".
  Result<std::vector<ProbeInfo>> list_probes(std::string_view spec);
  // Why a description may match nothing: "provider cpc is missing: ..."
  // when its provider is one the module left out ("" for spec ""
  // names each missing provider); else "".
  std::string missing_providers(std::string_view spec) const;
  // verbose (dtrace -lv): each row followed by stability and argument types.
  std::string format_probe_list(const std::vector<ProbeInfo>& probes, bool header,
                                bool verbose = false) const;

  Status go();
  // Drains buffers and prints records (at switchrate), snapshots
  // aggregations (at aggrate), reports drops; Done once exit() ran, a fill
  // buffer filled, tracing ended or the targets exited; an error if the
  // module's deadman killed the state. Sleeps at most 10 ms.
  Result<Work> work(FILE* out);
  // Ends tracing (END fires), drains the rest, prints dtrace(1)'s closing
  // newline and then the aggregations nothing printed yet (JSON: those
  // and then the exit status's object).
  Status stop(FILE* out);
  // The status passed to exit(), 0 if none.
  int exit_status() const;
  // The run was interrupted (^C) before stop(): the text output ends its
  // line as dtrace(1) does; JSON writes nothing.
  void interrupted(FILE* out);
  // A run-time error of the consumer's own ("processing aborted: ..."):
  // "dtrace: " and the message on stderr, or its JSON error object on `out`.
  void report_error(FILE* out, const std::string& message);
  Result<SessionStatus> status();

  // Folds in the module's aggregation data, then lists every entry of
  // every aggregation in printing order.
  Result<std::vector<AggregateEntry>> aggregate_entries();
  // Prints every aggregation that has entries, printed before or not, in
  // the layout dtrace(1) uses at exit (no blank lines between them).
  Status print_aggregations(FILE* out);

  // dtrace -h and -G read the USDT provider definitions of each -s
  // script in turn; a provider defined by two scripts is an error.
  Status usdt_add_source(std::string_view source);
  // dtrace -h: the C header for every provider added; guard names its
  // include guard.
  Result<std::string> usdt_header(std::string_view guard);
  // dtrace -G: checks the objects' probe sites against the providers
  // added, then writes the object to link into the application.
  Status usdt_link(const std::vector<std::string>& objects, const std::string& output);

 private:
  struct Impl;
  explicit Handle(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace dtrace
