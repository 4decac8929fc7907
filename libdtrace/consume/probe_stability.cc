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
    {"udp", kEvolvingIsa, kPrivUnknown, kPrivUnknown, kEvolvingIsa, kEvolvingIsa},
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

namespace {

bool same_word(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

template <typename E>
bool parse_part(std::string_view word, const char* (*name)(E), int count, E* out) {
  for (int i = 0; i < count; i++)
    if (same_word(word, name(static_cast<E>(i)))) {
      *out = static_cast<E>(i);
      return true;
    }
  return false;
}

}  // namespace

bool parse_attr(std::string_view text, Attr* out) {
  Attr a{S::Standard, S::Standard, C::Common};
  std::string_view part[3];
  int n = 0;
  for (size_t start = 0; n < 3; n++) {
    size_t slash = text.find('/', start);
    part[n] = text.substr(start, slash == std::string_view::npos ? slash : slash - start);
    if (slash == std::string_view::npos) {
      n++;
      break;
    }
    start = slash + 1;
    if (n == 2) return false;  // a fourth part
  }
  if (part[0].empty()) return false;
  if (!parse_part(part[0], stability_name, 8, &a.name)) return false;
  if (n > 1 && !parse_part(part[1], stability_name, 8, &a.data)) return false;
  if (n > 2 && !parse_part(part[2], class_name, 6, &a.cls)) return false;
  *out = a;
  return true;
}

std::string attr_text(Attr a) {
  return std::string(stability_name(a.name)) + "/" + stability_name(a.data) + "/" + class_name(a.cls);
}

bool attr_below(Attr a, Attr min) { return a.name < min.name || a.data < min.data || a.cls < min.cls; }

}  // namespace dtrace::consume
