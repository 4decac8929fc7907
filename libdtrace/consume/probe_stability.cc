#include "consume/probe_stability.h"

#include <algorithm>
#include <cctype>
#include <iterator>

namespace dtrace::consume {
namespace {

using S = Stability;
using C = DepClass;

// A provider's five parts, as DTrace documents them.
struct ProviderAttrs {
  std::string_view name;
  Attr prov, mod, func, probe, args;
};

constexpr Attr kPrivUnknown{S::Private, S::Private, C::Unknown};
constexpr Attr kEvolvingIsa{S::Evolving, S::Evolving, C::Isa};
constexpr Attr kEvolvingCommon{S::Evolving, S::Evolving, C::Common};

constexpr ProviderAttrs kProviders[] = {
    {"dtrace", {S::Stable, S::Stable, C::Common}, kPrivUnknown, kPrivUnknown,
     {S::Stable, S::Stable, C::Common}, {S::Stable, S::Stable, C::Common}},
    {"profile", kEvolvingCommon, {S::Unstable, S::Unstable, C::Common}, kPrivUnknown,
     kEvolvingCommon, kEvolvingCommon},
    {"syscall", kEvolvingCommon, kPrivUnknown, {S::Unstable, S::Unstable, C::Isa},
     kEvolvingCommon, {S::Private, S::Private, C::Isa}},
    {"fbt", kEvolvingCommon, kPrivUnknown, {S::Private, S::Private, C::Isa}, kEvolvingCommon,
     {S::Private, S::Private, C::Isa}},
    {"sdt", kEvolvingIsa, kPrivUnknown, kPrivUnknown, kEvolvingIsa,
     {S::Private, S::Private, C::Isa}},
    {"proc", kEvolvingIsa, kPrivUnknown, kPrivUnknown, kEvolvingIsa, kEvolvingIsa},
    {"sched", kEvolvingIsa, kPrivUnknown, kPrivUnknown, kEvolvingIsa, kEvolvingIsa},
    {"io", kEvolvingIsa, kPrivUnknown, kPrivUnknown, kEvolvingIsa, kEvolvingIsa},
    {"lockstat", kEvolvingCommon, kPrivUnknown, kPrivUnknown, kEvolvingCommon, kEvolvingCommon},
    {"tcp", kEvolvingIsa, kPrivUnknown, kPrivUnknown, kEvolvingIsa, kEvolvingIsa},
    {"ip", kEvolvingIsa, kPrivUnknown, kPrivUnknown, kEvolvingIsa, kEvolvingIsa},
    {"cpc", kEvolvingIsa, kPrivUnknown, kPrivUnknown, {S::Evolving, S::Evolving, C::Cpu},
     kEvolvingIsa},
    // pid<PID> and USDT providers: user-space probes.
    {"pid", kEvolvingIsa, kPrivUnknown, kPrivUnknown, kEvolvingIsa, kPrivUnknown},
};

Attr attr_min(Attr a, Attr b) {
  return {std::min(a.name, b.name), std::min(a.data, b.data), std::min(a.cls, b.cls)};
}

const ProviderAttrs* find_provider(std::string_view provider) {
  for (const auto& row : kProviders)
    if (row.name == provider) return &row;
  // pid1234 and USDT providers (a name and a pid) take the pid row.
  if (!provider.empty() && std::isdigit(static_cast<unsigned char>(provider.back())))
    return &kProviders[std::size(kProviders) - 1];
  return nullptr;
}

}  // namespace

ProbeAttrs probe_attrs(std::string_view provider, bool has_mod, bool has_func) {
  const ProviderAttrs* p = find_provider(provider);
  if (p == nullptr) return {kPrivUnknown, kPrivUnknown};  // unknown: claim nothing
  Attr desc = attr_min(p->prov, p->probe);
  if (has_mod) desc = attr_min(desc, p->mod);
  if (has_func) desc = attr_min(desc, p->func);
  return {desc, p->args};
}

const char* stability_name(Stability s) {
  static const char* const names[] = {"Internal", "Private",  "Obsolete", "External",
                                      "Unstable", "Evolving", "Stable",   "Standard"};
  return names[static_cast<int>(s)];
}

const char* class_name(DepClass c) {
  static const char* const names[] = {"Unknown", "CPU", "Platform", "Group", "ISA", "Common"};
  return names[static_cast<int>(c)];
}

}  // namespace dtrace::consume
