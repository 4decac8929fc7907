// What setting an option does beyond the option table (api/options.h):
// the checks and side effects DTrace gives -x, #pragma D option and the C
// API, which options setopt() may change while tracing, and the options
// whose every value counts, kept in order.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "api/options.h"
#include "proc/process.h"

namespace dtrace::api {

// Sets `name` in `o`: -x cpu must name one of the machine's `ncpus` CPUs
// (0: unknown, no module), -x core aborts at exit, pgmax sizes the
// process cache, kdefs/knodefs (udefs/unodefs) undo each other.
Status set_session_option(Options& o, std::string_view name, std::string_view value, uint32_t ncpus);

// setopt() while tracing: only the options DTrace lets change then (the
// consumer's display and rate options); "" when set, else why not.
std::string set_option_while_tracing(Options& o, const std::string& name, const std::string& value);

// Options the table keeps only the last value of, every value in order.
struct OrderedOptions {
  std::vector<std::string> cpp_args;  // -D/-U/-I
  std::vector<std::string> libdirs;   // -L / -xlibdir
  proc::CreateOptions create_opts;    // -x setenv/unsetenv
  // Records a value `o` accepted.
  void add(std::string_view name, std::string_view value);
};

}  // namespace dtrace::api
