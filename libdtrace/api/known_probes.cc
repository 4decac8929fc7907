#include "api/known_probes.h"

namespace dtrace::api {
namespace {

// A row of the tables: a provider (name null) or one of its probes.
struct Row {
  const char* provider;
  const char* name;
  std::vector<cc::ProbeArg> args;
};

std::vector<KnownProbe> from_tables() {
  const Row rows[] = {
#define DT_ATTR(...)
#define DT_PROVIDER(prov, ...) {#prov, nullptr, {}},
#define DT_PROBE(id, name, ...) {nullptr, name, {__VA_ARGS__}},
#define DT_ARG(native, xlate, map) \
  cc::ProbeArg { native, xlate, map }
#include "dtrace/providers/all.def"
#undef DT_ATTR
#undef DT_PROVIDER
#undef DT_PROBE
#undef DT_ARG
  };
  std::vector<KnownProbe> out;
  const char* provider = nullptr;
  for (const Row& r : rows) {
    if (r.name == nullptr) provider = r.provider;
    else out.push_back({provider, r.name, r.args});
  }
  return out;
}

}  // namespace

const std::vector<KnownProbe>& known_stable_probes() {
  static const std::vector<KnownProbe> probes = from_tables();
  return probes;
}

}  // namespace dtrace::api
