#include "api/session_options.h"

#include <unistd.h>

#include <csignal>
#include <cstdlib>

namespace dtrace::api {

Status set_session_option(Session& s, std::string_view name, std::string_view value) {
  const OptionDef* def = find_option(name);
  if (!def) return make_error("Invalid option name");
  auto v = Options::parse(*def, value);
  if (!v) return v.error();
  if (def->b.effect) {
    if (Status st = def->b.effect(s, *v, value); !st) return st;
  }
  s.options.store(*def, *v, value);
  return Ok{};
}

std::string set_option_while_tracing(Options& o, std::string_view name, std::string_view value) {
  const OptionDef* def = find_option(name);
  if (!def) return "Invalid option name";
  auto v = Options::parse(*def, value);
  if (!v) return v.error().message;
  if (!def->b.dynamic) return "Operation illegal when tracing is active";
  o.store(*def, *v, value);
  return "";
}

// A CPU the machine does not have is a bad value, as any value the
// module would refuse.
Status check_cpu(Session& s, uint64_t v, std::string_view) {
  if (s.ncpus && v >= s.ncpus) return make_error("Invalid value for specified option");
  return Ok{};
}

// -x core: once the program has cleaned up and exits, abort so that the
// system dumps core (as the RLIMIT_CORE in force allows) for debugging.
// -x core=FILE names a dump to run on instead, taken at open.
Status abort_at_exit(Session&, uint64_t, std::string_view file) {
  static bool registered = false;
  if (!file.empty() || registered) return Ok{};
  registered = true;
  std::atexit([] {
    static const char msg[] = "dtrace: -x core: aborting to dump core\n";
    ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)ignored;
    std::signal(SIGABRT, SIG_DFL);
    std::abort();
  });
  return Ok{};
}

Status set_pgmax(Session& s, uint64_t v, std::string_view) {
  s.usyms.set_process_limit(v);
  return Ok{};
}

Status set_nodemangle(Session& s, uint64_t v, std::string_view) {
  s.usyms.set_demangle(!v);
  return Ok{};
}

Status add_libdir(Session& s, uint64_t, std::string_view text) {
  s.libdirs.emplace_back(text);
  return Ok{};
}

Status add_setenv(Session& s, uint64_t, std::string_view text) {
  size_t eq = text.find('=');
  s.create_opts.env.emplace_back(std::string(text.substr(0, eq)), std::string(text.substr(eq + 1)));
  return Ok{};
}

Status add_unsetenv(Session& s, uint64_t, std::string_view text) {
  s.create_opts.env.emplace_back(std::string(text), std::nullopt);
  return Ok{};
}

}  // namespace dtrace::api
