#include "api/session_options.h"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>

#include "consume/demangle.h"
#include "consume/usyms.h"

namespace dtrace::api {
namespace {

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

Status set_session_option(Options& o, std::string_view name, std::string_view value, uint32_t ncpus) {
  // A CPU the machine does not have is a bad value, as any value the
  // module would refuse.
  if (name == "cpu" && ncpus) {
    Options check;
    if (check.set(name, value) && check.number("cpu") >= ncpus)
      return make_error("Invalid value for specified option");
  }
  Status st = o.set(name, value);
  if (st && name == "core" && o.flag("core")) abort_at_exit();
  if (st && name == "pgmax") consume::set_process_cache_limit(o.number("pgmax"));
  if (st && name == "nodemangle") consume::set_demangle(!o.flag("nodemangle"));
  // kdefs and knodefs (udefs and unodefs) undo each other: the last wins.
  if (st && (name == "kdefs" || name == "knodefs")) (void)o.set(name == "kdefs" ? "knodefs" : "kdefs", "no");
  if (st && (name == "udefs" || name == "unodefs")) (void)o.set(name == "udefs" ? "unodefs" : "udefs", "no");
  return st;
}

std::string set_option_while_tracing(Options& o, const std::string& name, const std::string& value) {
  static constexpr std::string_view kDynamic[] = {
      "aggrate", "aggsortkey", "aggsortkeypos", "aggsortpos",  "aggsortrev", "agghist",     "aggpack",
      "aggzoom", "flowindent", "quiet",         "quietresize", "rawbytes",   "stackindent", "switchrate"};
  Options check;
  if (Status st = check.set(name, value); !st) return st.error().message;
  if (std::find(std::begin(kDynamic), std::end(kDynamic), name) == std::end(kDynamic))
    return "Operation illegal when tracing is active";
  (void)o.set(name, value);
  return "";
}

void OrderedOptions::add(std::string_view name, std::string_view value) {
  if (name == "libdir") libdirs.emplace_back(value);
  if (name == "setenv") {
    size_t eq = value.find('=');
    create_opts.env.emplace_back(std::string(value.substr(0, eq)), std::string(value.substr(eq + 1)));
  }
  if (name == "unsetenv") create_opts.env.emplace_back(std::string(value), std::nullopt);
  if (name == "define" || name == "undef" || name == "incdir")
    cpp_args.push_back((name == "define" ? "-D" : name == "undef" ? "-U" : "-I") + std::string(value));
}

}  // namespace dtrace::api
