#include "consume/probe_stability.h"

#include <algorithm>
#include <cctype>

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

// Each provider's table (kernel/uapi/dtrace/providers/) gives its attributes.
constexpr ProviderAttrs kProviders[] = {
#define DT_ATTR(names, data, cls) \
  Attr { S::names, S::data, C::cls }
#define DT_PROVIDER(name, prov, mod, func, probe, args) {#name, prov, mod, func, probe, args},
#define DT_PROBE(...)
#define DT_ARG(...)
#include "dtrace/providers/all.def"
#undef DT_ATTR
#undef DT_PROVIDER
#undef DT_PROBE
#undef DT_ARG
};

Attr attr_min(Attr a, Attr b) {
  return {std::min(a.name, b.name), std::min(a.data, b.data), std::min(a.cls, b.cls)};
}

const ProviderAttrs* find_row(std::string_view name) {
  for (const auto& row : kProviders)
    if (row.name == name) return &row;
  return nullptr;
}

const ProviderAttrs* find_provider(std::string_view provider) {
  if (const ProviderAttrs* row = find_row(provider)) return row;
  // pid1234 and USDT providers (a name and a pid) take the pid row.
  if (!provider.empty() && std::isdigit(static_cast<unsigned char>(provider.back()))) return find_row("pid");
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
