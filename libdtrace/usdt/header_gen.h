// dtrace -h: the C header for a program's USDT providers. For each probe
// it defines PROVIDER_PROBE(args) (a probe site, dtrace_sdt.h, with the
// arguments type-checked against the definition) and
// PROVIDER_PROBE_ENABLED() (reads the probe's semaphore, which the
// kernel increments while the probe is enabled), plus the semaphores.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "usdt/provider_defs.h"

namespace dtrace::usdt {

// The header's text; guard names the include guard ("prov.h" -> _PROV_H).
std::string header_text(const std::vector<ProviderDef>& providers, std::string_view guard);

// The text of usdt/dtrace_sdt.h, embedded at build time.
extern const char kSdtHeaderText[];

}  // namespace dtrace::usdt
