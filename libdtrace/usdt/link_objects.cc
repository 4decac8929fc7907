#include "usdt/link_objects.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "usdt/stapsdt_notes.h"

namespace dtrace::usdt {
namespace {

const ProbeDef* find_probe(const ProviderDef& prov, const std::string& name) {
  for (const ProbeDef& p : prov.probes)
    if (probe_name(p.name) == probe_name(name)) return &p;
  return nullptr;
}

const ProviderDef* find_provider(const std::vector<ProviderDef>& providers, const std::string& name) {
  for (const ProviderDef& p : providers)
    if (p.name == name) return &p;
  return nullptr;
}

Status write_file(const std::string& path, const unsigned char* data, size_t size) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return make_error("failed to open " + path + ": " + std::strerror(errno));
  bool ok = std::fwrite(data, 1, size, f) == size;
  ok = (std::fclose(f) == 0) && ok;
  if (!ok) return make_error("failed to write " + path + ": " + std::strerror(errno));
  return Ok{};
}

// Runs argv (argv[0] found on PATH) and waits for it; its output is the user's.
Status run(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid;
  int err = posix_spawnp(&pid, args[0], nullptr, nullptr, args.data(), environ);
  if (err != 0) return make_error("failed to run " + argv[0] + ": " + std::strerror(err));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return make_error("failed to wait for " + argv[0] + ": " + std::strerror(errno));
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return Ok{};
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127) return make_error("failed to run " + argv[0]);
  return make_error(argv[0] + " -r failed" +
                    (WIFEXITED(status) ? " (exit status " + std::to_string(WEXITSTATUS(status)) + ")"
                                       : " (killed by signal " + std::to_string(WTERMSIG(status)) + ")"));
}

// The module appends the pid to a helper's provider name and refuses a
// name that could then read as another's (doc/usdt.md, provider names).
std::string provider_name_error(const std::string& name) {
  if (!name.empty() && std::isdigit(static_cast<unsigned char>(name.back())))
    return "provider " + name + " ends in a digit: the module appends the process id, so " + name +
           "<pid> could pass for another process's provider";
  if (name == "pid") return "provider pid is the pid provider's name";
  return "";
}

}  // namespace

Status check_objects(const std::vector<ProviderDef>& providers, const std::vector<std::string>& objects) {
  for (const std::string& obj : objects) {
    auto notes = read_stapsdt_notes(obj);
    if (!notes) return notes.error();
    for (const StapsdtNote& n : notes->notes) {
      std::string desc = n.provider + ":::" + probe_name(n.name);
      const ProviderDef* prov = find_provider(providers, n.provider);
      if (!prov) return make_error(obj + ": probe " + desc + ": no provider " + n.provider + " is defined");
      if (std::string why = provider_name_error(n.provider); !why.empty())
        return make_error(obj + ": probe " + desc + ": " + why);
      const ProbeDef* probe = find_probe(*prov, n.name);
      if (!probe) return make_error(obj + ": probe " + desc + " is not defined by provider " + n.provider);
      size_t nargs = count_arg_specs(n.args);
      if (nargs != probe->argtypes.size())
        return make_error(obj + ": probe " + desc + " passes " + std::to_string(nargs) + " argument" +
                          (nargs == 1 ? "" : "s") + " but is defined with " +
                          std::to_string(probe->argtypes.size()));
    }
  }
  return Ok{};
}

Status write_drti_object(const std::string& path, const LinkOptions& opts) {
  char dir[] = "/tmp/dtrace-G.XXXXXX";
  if (!mkdtemp(dir))
    return make_error(std::string("failed to make a temporary directory: ") + std::strerror(errno));
  std::string in = std::string(dir) + "/drti.o", script = std::string(dir) + "/link.ld";
  std::string discard;
  if (opts.strip) discard += " *(.comment)";
  if (opts.lazyload) discard += " *(.init_array*) *(.fini_array*) *(.ctors*) *(.dtors*)";
  Status st = write_file(in, kDrtiObject, kDrtiObjectSize);
  if (st && !discard.empty()) {
    std::string text = "SECTIONS { /DISCARD/ : {" + discard + " }";
    if (opts.lazyload) text += std::string(" ") + kLazyloadSection + " 0 (INFO) : { BYTE(1) }";
    text += " }\n";
    st = write_file(script, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  }
  if (st) {
    std::vector<std::string> argv{opts.ld, "-r", "-o", path, in};
    if (!discard.empty()) argv.insert(argv.end(), {"-T", script});
    st = run(argv);
  }
  unlink(in.c_str());
  unlink(script.c_str());
  rmdir(dir);
  return st;
}

}  // namespace dtrace::usdt
