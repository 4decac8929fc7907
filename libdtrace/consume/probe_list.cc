#include "consume/probe_list.h"

#include <cstdio>
#include <cstring>

namespace dtrace::consume {
namespace {

std::string field(const char* s, size_t cap) { return std::string(s, strnlen(s, cap)); }

}  // namespace

std::string probe_list_header() {
  char buf[128];
  std::snprintf(buf, sizeof buf, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE",
                "FUNCTION", "NAME");
  return buf;
}

std::string probe_list_row(const dtrace_probedesc& p) {
  std::string prov = field(p.dtpd_provider, sizeof p.dtpd_provider);
  std::string mod = field(p.dtpd_mod, sizeof p.dtpd_mod);
  std::string func = field(p.dtpd_func, sizeof p.dtpd_func);
  std::string name = field(p.dtpd_name, sizeof p.dtpd_name);
  int n = std::snprintf(nullptr, 0, "%5u %10s %17s %33s %s\n", p.dtpd_id, prov.c_str(),
                        mod.c_str(), func.c_str(), name.c_str());
  std::string out(static_cast<size_t>(n), '\0');
  std::snprintf(out.data(), out.size() + 1, "%5u %10s %17s %33s %s\n", p.dtpd_id, prov.c_str(),
                mod.c_str(), func.c_str(), name.c_str());
  return out;
}

std::string probe_func_name(const dtrace_probedesc& p) {
  return field(p.dtpd_func, sizeof p.dtpd_func) + ":" + field(p.dtpd_name, sizeof p.dtpd_name);
}

std::string probe_full_name(const dtrace_probedesc& p) {
  return field(p.dtpd_provider, sizeof p.dtpd_provider) + ":" +
         field(p.dtpd_mod, sizeof p.dtpd_mod) + ":" + probe_func_name(p);
}

}  // namespace dtrace::consume
