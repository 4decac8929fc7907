// Draining: each CPU's principal buffer (BUFSNAP) cut into firings and
// printed through consume/ (CPU by CPU, or merged by timestamp under
// -x temporal); firings of the ERROR clause become DTrace's error
// messages. Reports drops and buffer resizing on stderr (as objects on
// the output under -x oformat=json). Aggregation
// buffers are not drained here (api/aggregations.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "api/enabling.h"
#include "api/session_options.h"
#include "consume/buffer_walk.h"
#include "consume/firing.h"
#include "consume/notice.h"
#include "consume/record_output.h"
#include "consume/temporal.h"
#include "kio/device.h"

namespace dtrace::api {

class Drain {
 public:
  // `dev` may be null (no module): then only print() may be called.
  Drain(kio::Device* dev, uint32_t ncpus, Session& session, Enablings& enablings)
      : dev_(dev), ncpus_(ncpus), options_(session.options), session_(session), enablings_(enablings) {}

  // How firings print (set at go(), changed by setopt(), exit() status).
  consume::PrintState& print() { return print_; }
  // Takes quiet, flowindent and the text options from the options now.
  void use_display_options();

  // Every CPU's buffer, printed to `out` and flushed. last_cpu: the CPU
  // END fired on, drained after the others so END's output follows
  // everything traced before it (as DTrace orders it); under -x temporal
  // it also releases every firing held back.
  Status drain(FILE* out, std::optional<uint32_t> last_cpu = std::nullopt);
  // bufresize=auto lowered bufsize or aggsize: says so (after GO).
  void report_resize(uint32_t cpu);
  // The drop counters of a STATUS answer, one line each.
  void report_drops(const dtrace_status& s, FILE* out);
  // Asks the module for STATUS: a drain that prints for long (a slow
  // reader, a full buffer of JSON under TCG) calls it about once a
  // second, or the module's deadman would kill the session after 30 s.
  std::function<Status(FILE* out)> keep_alive;
  // What the session prints outside firings goes through the output
  // (consume/record_output.h): text, or JSON under oformat=json.
  std::unique_ptr<consume::RecordOutput> output(FILE* out);
  // A message of dtrace's own while tracing: "dtrace: " and its text on
  // stderr, or under oformat=json its object on `out`, flushed. With no
  // `out` yet (at GO) the object waits for the next drain or notice.
  void notice(FILE* out, const consume::Notice& n);

 private:
  Result<kio::Snapshot> snapshot(uint32_t cpu);
  void report_cpu_drops(uint32_t cpu, uint64_t drops, FILE* out);
  Status print_one(uint32_t cpu, const consume::Firing& fi, FILE* out);
  void report_error(const consume::FiringView& f, FILE* out);
  Status keep_alive_if_due(FILE* out);
  Status drain_cpu(uint32_t cpu, FILE* out);
  Status drain_temporal(FILE* out, bool all);

  kio::Device* dev_;
  uint32_t ncpus_;
  const Options& options_;
  Session& session_;  // its symbols name addresses
  Enablings& enablings_;
  consume::PrintState print_;
  consume::TemporalMerge temporal_;  // -x temporal: firings held between drains
  uint32_t since_check_ = 0;         // firings printed since the clock was read
  std::chrono::steady_clock::time_point last_alive_{};
};

}  // namespace dtrace::api
