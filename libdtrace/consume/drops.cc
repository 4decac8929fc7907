#include "consume/drops.h"

#include <cstdio>

namespace dtrace::consume {
namespace {

Notice counted(const char* tag, bool tags, uint64_t n, const char* what, const char* tail) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s%s%s%llu %s%s%s", tags ? "[" : "", tags ? tag : "", tags ? "] " : "",
                static_cast<unsigned long long>(n), what, n == 1 ? "" : "s", tail);
  return Notice{"drop", buf}.with("count", n).with("kind", std::string(tag));
}

}  // namespace

Notice cpu_drop(DropKind kind, uint64_t n, uint32_t cpu, bool tags) {
  std::string on = " on CPU " + std::to_string(cpu);
  Notice d = kind == DropKind::Principal
                 ? counted("DTRACEDROP_PRINCIPAL", tags, n, "drop", on.c_str())
                 : counted("DTRACEDROP_AGGREGATION", tags, n, "aggregation drop", on.c_str());
  return d.with("cpu", int64_t{cpu});
}

std::vector<Notice> status_drops(const dtrace_status& s, bool tags) {
  struct Counter {
    uint64_t n;
    const char *tag, *what, *tail;
  };
  const Counter counters[] = {
      {s.dtst_dyndrops, "DTRACEDROP_DYNAMIC", "dynamic variable drop", ""},
      {s.dtst_dyndrops_rinsing, "DTRACEDROP_DYNRINSE", "dynamic variable drop",
       " with non-empty rinsing list"},
      {s.dtst_dyndrops_dirty, "DTRACEDROP_DYNDIRTY", "dynamic variable drop", " with non-empty dirty list"},
      {s.dtst_specdrops, "DTRACEDROP_SPEC", "speculative drop", ""},
      {s.dtst_specdrops_busy, "DTRACEDROP_SPECBUSY", "failed speculation",
       " (available buffer(s) still busy)"},
      {s.dtst_specdrops_unavail, "DTRACEDROP_SPECUNAVAIL", "failed speculation",
       " (no speculative buffer available)"},
      {s.dtst_stkstroverflows, "DTRACEDROP_STKSTROVERFLOW", "jstack()/ustack() string table overflow", ""},
      {s.dtst_dblerrors, "DTRACEDROP_DBLERROR", "error", " in ERROR probe enabling"},
      {s.dtst_late_refused, "DTRACEDROP_LATE", "late probe enabling", " refused (a limit was reached)"},
  };
  std::vector<Notice> out;
  for (const Counter& c : counters)
    if (c.n) out.push_back(counted(c.tag, tags, c.n, c.what, c.tail));
  return out;
}

}  // namespace dtrace::consume
