// Reads the module's list of providers it left out (missing_providers.h).
#include "kio/missing_providers.h"

#include <fnmatch.h>

#include <fstream>

namespace dtrace::kio {

std::map<std::string, std::string> missing_providers(const std::string& root) {
  std::map<std::string, std::string> out;
  std::ifstream in(root + "/sys/module/dtrace/parameters/missing_providers");
  std::string line;
  while (std::getline(in, line)) {
    size_t colon = line.find(": ");
    if (colon == std::string::npos || colon == 0) continue;
    out.emplace(line.substr(0, colon), line.substr(colon + 2));
  }
  return out;
}

std::string missing_provider_note(const std::string& provider, const std::string& root) {
  if (provider.empty()) return "";
  // pid1234 is the pid provider's, for process 1234.
  std::string name = provider;
  if (name.size() > 3 && name.compare(0, 3, "pid") == 0 &&
      name.find_first_not_of("0123456789", 3) == std::string::npos)
    name = "pid";
  std::string notes;
  for (const auto& [missing, why] : missing_providers(root)) {
    if (fnmatch(name.c_str(), missing.c_str(), 0) != 0) continue;
    if (!notes.empty()) notes += "; ";
    notes += "provider " + missing + " is missing: " + why;
  }
  return notes;
}

}  // namespace dtrace::kio
