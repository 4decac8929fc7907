// The providers the module left out, and why: its missing_providers
// parameter ("name: why" a line; kernel/linux/mod.c), named where a probe
// description matches nothing so that users learn the cause
// (doc/kernels.md, "Refusals").
#pragma once

#include <map>
#include <string>

namespace dtrace::kio {

// name -> why, read from root's /sys/module/dtrace/parameters/.
std::map<std::string, std::string> missing_providers(const std::string& root = "/");

// "provider cpc is missing: kernel built without CONFIG_PERF_EVENTS" when
// the provider part of a probe description (a glob, or pidNNN for pid)
// names a missing provider; else "".
std::string missing_provider_note(const std::string& provider, const std::string& root = "/");

}  // namespace dtrace::kio
