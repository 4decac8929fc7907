// The session's probes and enabled ECBs: matches probe descriptions in
// the module (creating user probes first), hands compiled programs to it
// (ENABLE, with the consumer's ERROR clause first), and answers what an
// EPID or probe id is, from caches of EPDESC and PROBEMATCH.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "api/options.h"
#include "cc/program.h"
#include "consume/error_report.h"
#include "kio/device.h"
#include "proc/object_files.h"

namespace dtrace::api {

// A probe description as the module matches it.
dtrace_probedesc probe_pattern(const cc::ProbeSpec& s);

// An EPID's description, probe, and the clause it runs.
struct Ecb {
  const kio::EpDesc* ep = nullptr;
  const dtrace_probedesc* probe = nullptr;
  const cc::Program* program = nullptr;
  const cc::Clause* clause = nullptr;
  bool error_clause = false;  // the consumer's ERROR clause
};

class Enablings {
 public:
  // `dev` may be null (no module): then nothing here may be called.
  // files: the session's, read for the user probes descriptions name.
  Enablings(kio::Device* dev, const std::vector<cc::Program>& programs, const Options& options,
            proc::ObjectFiles& files)
      : dev_(dev), programs_(programs), options_(options), files_(files) {}

  Result<std::vector<dtrace_probedesc>> match(const dtrace_probedesc& pattern);
  // The user probes (pid provider...) a description names exist in the
  // module only once libdtrace has created them: before matching. The
  // description comes back with the module named as the probes are.
  Result<uint32_t> create_user_probes(cc::ProbeSpec& s);
  // Every process's -G objects' probes (a device that takes no drti
  // registrations: a listing of every probe).
  Result<uint32_t> create_every_drti_probe();
  // The compiler's count of the probes a description matches.
  Result<uint32_t> count_matches(cc::ProbeSpec& s);

  // programs[index] is the consumer's ERROR clause (consume::kErrorProgram),
  // enabled by enable_error_program() after the user's programs: their
  // EPIDs count from 1, as DTrace's do (error messages name them).
  void add_error_program(size_t index) {
    error_program_ = index;
    error_pending_ = true;
  }
  bool has_error_program() const { return error_program_.has_value(); }
  // Enables programs[index] from the -x cpu CPU; returns the probes matched.
  Result<uint32_t> enable(size_t index);
  // The pending ERROR clause, once, just before tracing starts.
  Status enable_error_program();

  // An EPID's record size (dtepd_size), for cutting buffers into firings.
  Result<uint32_t> data_size(uint32_t epid);
  // An EPID in a record, for printing its firing.
  Result<Ecb> ecb(uint32_t epid);
  // The ECB an ERROR firing names, as far as it is known.
  consume::FaultingEcb faulting(uint32_t epid);

 private:
  Result<uint32_t> enable_program(size_t index);
  Result<const dtrace_probedesc*> probe(uint32_t id);
  Result<const kio::EpDesc*> epdesc(uint32_t epid);
  // The program and clause an EPID's cookie names; nulls for one the
  // session did not compile.
  std::pair<const cc::Program*, const cc::Clause*> source(const kio::EpDesc& ep) const;

  kio::Device* dev_;
  const std::vector<cc::Program>& programs_;
  const Options& options_;
  proc::ObjectFiles& files_;
  std::optional<size_t> error_program_;
  bool error_pending_ = false;
  std::map<uint32_t, kio::EpDesc> epdescs_;
  std::map<uint32_t, dtrace_probedesc> probes_;
  // descriptions expanded -> the module and function they were renamed to
  std::map<std::string, std::pair<std::string, std::string>> user_specs_done_;
};

}  // namespace dtrace::api
