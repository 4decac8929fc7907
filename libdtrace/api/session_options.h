// The session's state beside the compiler and the device: its options
// (api/options.h) and what setting one does beyond storing it, the
// effects consumer_options.def's rows name: -x cpu must name one of the
// machine's CPUs, -x core aborts at exit, pgmax sizes the process cache,
// kdefs/knodefs (udefs/unodefs) undo each other, and the options whose
// every value counts are kept in order.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "api/options.h"
#include "consume/ksyms.h"
#include "consume/usyms.h"
#include "ctf/kernel_types.h"
#include "proc/object_files.h"
#include "proc/process.h"

namespace dtrace::api {

// One per Handle: what one session is told and what it reads and keeps
// (files, symbols, types) stays in it.
struct Session {
  Options options;
  proc::ObjectFiles files;                         // user objects read, by (device, inode)
  ctf::BtfFiles btf;                               // kernel types read, by path
  consume::KernelSymbols ksyms{"/proc/kallsyms"};  // read when first asked
  consume::UserSymbols usyms{files};               // -c/-p targets, pgmax, nodemangle
  std::vector<std::string> cpp_args;               // -D/-U/-I, -x define/undef/incdir
  std::vector<std::string> libdirs;                // -L / -xlibdir
  proc::CreateOptions create_opts;                 // -x setenv/unsetenv
  uint32_t ncpus = 0;                              // the machine's CPUs for -x cpu; 0: no module
};

// -x NAME=VALUE and a program's pragmas: sets `name` in `s` with its effect.
Status set_session_option(Session& s, std::string_view name, std::string_view value);

// setopt() while tracing: only the options DTrace lets change then (the
// consumer's display and rate options); "" when set, else why not.
std::string set_option_while_tracing(Options& o, std::string_view name, std::string_view value);

// The rows' effects: called with the value parsed, before it is stored.
Status check_cpu(Session& s, uint64_t v, std::string_view text);
Status abort_at_exit(Session& s, uint64_t v, std::string_view text);
Status set_pgmax(Session& s, uint64_t v, std::string_view text);
Status set_nodemangle(Session& s, uint64_t v, std::string_view text);

// kdefs and knodefs (udefs and unodefs) undo each other: setting one
// sets the other, `id`, to no, so the last wins.
template <Opt id>
Status unset_other(Session& s, uint64_t, std::string_view) {
  s.options.unset(id);
  return Ok{};
}

Status add_libdir(Session& s, uint64_t v, std::string_view text);
Status add_setenv(Session& s, uint64_t v, std::string_view text);
Status add_unsetenv(Session& s, uint64_t v, std::string_view text);

// -x define, undef, incdir: the cpp argument -`flag`VALUE.
template <char flag>
Status add_cpp_arg(Session& s, uint64_t, std::string_view text) {
  s.cpp_args.push_back(std::string{'-', flag} + std::string(text));
  return Ok{};
}

}  // namespace dtrace::api
