#include "usdt/link_objects.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

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

}  // namespace

Status check_objects(const std::vector<ProviderDef>& providers,
                     const std::vector<std::string>& objects) {
  for (const std::string& obj : objects) {
    auto notes = read_stapsdt_notes(obj);
    if (!notes) return notes.error();
    for (const StapsdtNote& n : notes->notes) {
      std::string desc = n.provider + ":::" + probe_name(n.name);
      const ProviderDef* prov = find_provider(providers, n.provider);
      if (!prov) return make_error(obj + ": probe " + desc + ": no provider " + n.provider + " is defined");
      const ProbeDef* probe = find_probe(*prov, n.name);
      if (!probe) return make_error(obj + ": probe " + desc + " is not defined by provider " + n.provider);
      size_t nargs = count_arg_specs(n.args);
      if (nargs != probe->argtypes.size())
        return make_error(obj + ": probe " + desc + " passes " + std::to_string(nargs) +
                          " argument" + (nargs == 1 ? "" : "s") + " but is defined with " +
                          std::to_string(probe->argtypes.size()));
    }
  }
  return Ok{};
}

Status write_drti_object(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return make_error("failed to open " + path + ": " + std::strerror(errno));
  bool ok = std::fwrite(kDrtiObject, 1, kDrtiObjectSize, f) == kDrtiObjectSize;
  ok = (std::fclose(f) == 0) && ok;
  if (!ok) return make_error("failed to write " + path + ": " + std::strerror(errno));
  return Ok{};
}

}  // namespace dtrace::usdt
