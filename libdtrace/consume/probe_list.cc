#include "consume/probe_list.h"

#include <cstdio>
#include <cstring>

#include "consume/probe_stability.h"

namespace dtrace::consume {
namespace {

std::string field(const char* s, size_t cap) { return std::string(s, strnlen(s, cap)); }

}  // namespace

std::string probe_list_header() {
  char buf[128];
  std::snprintf(buf, sizeof buf, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
  return buf;
}

std::string probe_list_row(const dtrace_probedesc& p) {
  std::string prov = field(p.dtpd_provider, sizeof p.dtpd_provider);
  std::string mod = field(p.dtpd_mod, sizeof p.dtpd_mod);
  std::string func = field(p.dtpd_func, sizeof p.dtpd_func);
  std::string name = field(p.dtpd_name, sizeof p.dtpd_name);
  int n = std::snprintf(nullptr, 0, "%5u %10s %17s %33s %s\n", p.dtpd_id, prov.c_str(), mod.c_str(),
                        func.c_str(), name.c_str());
  std::string out(static_cast<size_t>(n), '\0');
  std::snprintf(out.data(), out.size() + 1, "%5u %10s %17s %33s %s\n", p.dtpd_id, prov.c_str(), mod.c_str(),
                func.c_str(), name.c_str());
  return out;
}

std::string probe_list_details(const dtrace_probedesc& p, const std::vector<std::string>& argtypes) {
  ProbeAttrs a = probe_attrs(field(p.dtpd_provider, sizeof p.dtpd_provider), p.dtpd_mod[0] != '\0',
                             p.dtpd_func[0] != '\0');
  auto attr = [](const char* title, const Attr& at) {
    return std::string("\n\t") + title + "\n\t\tIdentifier Names: " + stability_name(at.name) +
           "\n\t\tData Semantics:   " + stability_name(at.data) +
           "\n\t\tDependency Class: " + class_name(at.cls) + "\n";
  };
  std::string out = attr("Probe Description Attributes", a.desc) + attr("Argument Attributes", a.args);
  out += "\n\tArgument Types\n";
  for (size_t i = 0; i < argtypes.size(); i++)
    out += "\t\targs[" + std::to_string(i) + "]: " + argtypes[i] + "\n";
  if (argtypes.empty()) out += "\t\tNone\n";
  return out + "\n";
}

std::string probe_func_name(const dtrace_probedesc& p) {
  return field(p.dtpd_func, sizeof p.dtpd_func) + ":" + field(p.dtpd_name, sizeof p.dtpd_name);
}

std::string probe_full_name(const dtrace_probedesc& p) {
  return field(p.dtpd_provider, sizeof p.dtpd_provider) + ":" + field(p.dtpd_mod, sizeof p.dtpd_mod) + ":" +
         probe_func_name(p);
}

}  // namespace dtrace::consume
