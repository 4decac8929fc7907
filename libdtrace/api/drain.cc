#include "api/drain.h"

#include <algorithm>
#include <ctime>

#include "api/aggregations.h"
#include "consume/drops.h"
#include "consume/error_report.h"
#include "consume/record_output.h"

namespace dtrace::api {
namespace {

// A line still open when a run of firings ends is complete: the parts
// of a split statement follow each other.
struct CloseLine {
  consume::PrintState& st;
  FILE* out;
  ~CloseLine() { consume::end_line(st, out); }
};

}  // namespace

void Drain::use_display_options() {
  print_.quiet = options_.quiet();
  print_.json = options_.oformat() == "json";
  print_.flowindent = options_.flowindent();
  print_.text = text_options(session_);
}

// A CPU's principal buffer, oldest record first (its drops reported by
// report_cpu_drops() once its records are printed).
Result<kio::Snapshot> Drain::snapshot(uint32_t cpu) {
  auto snap = dev_->bufsnap(cpu);
  if (!snap) return snap.error();
  // A wrapped ring buffer: records run from the oldest to the end, then
  // from the start; the module padded the gap, so no record straddles.
  if (snap->oldest > 0 && snap->oldest < snap->data.size())
    std::rotate(snap->data.begin(), snap->data.begin() + static_cast<long>(snap->oldest), snap->data.end());
  return snap;
}

// As DTrace does, after the records the CPU's buffer held: stdout
// flushed first, so a terminal shows them in that order.
void Drain::report_cpu_drops(uint32_t cpu, uint64_t drops, FILE* out) {
  if (drops == 0) return;
  if (out) std::fflush(out);
  std::fflush(stdout);
  notice(out, consume::cpu_drop(consume::DropKind::Principal, drops, cpu, options_.droptags()));
}

// The clock is read every 256 firings, STATUS asked at most once a second.
Status Drain::keep_alive_if_due(FILE* out) {
  if (++since_check_ < 256 || !keep_alive) return Ok{};
  since_check_ = 0;
  auto now = std::chrono::steady_clock::now();
  if (now - last_alive_ < std::chrono::seconds(1)) return Ok{};
  last_alive_ = now;
  return keep_alive(out);
}

// One firing: printed, or reported if it is the ERROR clause's.
Status Drain::print_one(uint32_t cpu, const consume::Firing& fi, FILE* out) {
  if (Status st = keep_alive_if_due(out); !st) return st;
  auto e = enablings_.ecb(fi.epid);
  if (!e) return e.error();
  consume::FiringView view{cpu, e->probe, e->ep, e->program, e->clause, fi.data, fi.timestamp};
  if (e->error_clause) {
    report_error(view, out);
    return Ok{};
  }
  return consume::print_firing(view, print_, out);
}

// DTrace's message on stderr, after what stdout holds so far.
void Drain::report_error(const consume::FiringView& f, FILE* out) {
  consume::ProbeError e = consume::decode_error(f);
  consume::FaultingEcb ecb = enablings_.faulting(static_cast<uint32_t>(e.epid));
  std::fflush(stdout);
  notice(out, consume::error_notice(e, ecb, f.cpu));
}

void Drain::notice(FILE* out, const consume::Notice& n) { output(out)->notice(n); }

std::unique_ptr<consume::RecordOutput> Drain::output(FILE* out) { return consume::make_output(print_, out); }

Status Drain::drain_cpu(uint32_t cpu, FILE* out) {
  auto snap = snapshot(cpu);
  if (!snap) return snap.error();
  Status st = [&] {
    CloseLine close_line{print_, out};
    return consume::walk_buffer(
        snap->data, [this](uint32_t epid) { return enablings_.data_size(epid); },
        [&](const consume::Firing& fi) { return print_one(cpu, fi, out); });
  }();
  report_cpu_drops(cpu, snap->drops, out);
  return st;
}

// -x temporal: every CPU's buffer into the merge, then what is safe to
// print in timestamp order (everything once tracing has stopped).
Status Drain::drain_temporal(FILE* out, bool all) {
  for (uint32_t cpu = 0; cpu < ncpus_; cpu++) {
    // The module's clock (CLOCK_MONOTONIC), read before the switch.
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    uint64_t before = static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
    auto snap = snapshot(cpu);
    if (!snap) return snap.error();
    report_cpu_drops(cpu, snap->drops, out);  // what merges in may print later
    if (snap->timestamp == 0) continue;       // a CPU without buffers
    Status st =
        temporal_.add(cpu, snap->data, before, [this](uint32_t epid) { return enablings_.data_size(epid); });
    if (!st) return st;
  }
  CloseLine close_line{print_, out};
  return temporal_.release(all,
                           [&](uint32_t cpu, const consume::Firing& fi) { return print_one(cpu, fi, out); });
}

// The principal buffers, at switchrate; aggregations are snapshotted
// on their own timer (aggrate), so printa() may show an older snapshot.
Status Drain::drain(FILE* out, std::optional<uint32_t> last_cpu) {
  output(out)->write_waiting();
  if (options_.temporal()) {
    Status st = drain_temporal(out, last_cpu.has_value());
    std::fflush(out);
    return st;
  }
  for (uint32_t cpu = 0; cpu < ncpus_; cpu++) {
    if (cpu == last_cpu) continue;
    Status st = drain_cpu(cpu, out);
    if (!st) return st;
  }
  if (last_cpu && *last_cpu < ncpus_) {
    Status st = drain_cpu(*last_cpu, out);
    if (!st) return st;
  }
  std::fflush(out);
  return Ok{};
}

// bufresize=auto: the module halves bufsize and aggsize together until
// they can be allocated; dtrace(1) says so after GO unless -x
// quietresize ("buffer size lowered to 512m", "... to 12345 bytes").
void Drain::report_resize(uint32_t cpu) {
  if (options_.quietresize()) return;
  static constexpr struct {
    const char* what;
    const char* option;  // in the JSON notice
    dtrace_option id;
    bool agg;
  } kSizes[] = {{"buffer size", "bufsize", DTRACEOPT_BUFSIZE, false},
                {"aggregation size", "aggsize", DTRACEOPT_AGGSIZE, true}};
  for (const auto& k : kSizes) {
    uint64_t asked = options_.number(k.id);
    auto got = dev_->buffer_size(cpu, k.agg);
    if (!got || *got == 0 || *got + sizeof(uint64_t) >= asked) continue;
    int unit = 0;
    while (unit < 6 && (uint64_t{1} << (10 * (unit + 1))) <= *got) unit++;
    uint64_t scale = uint64_t{1} << (10 * unit);
    std::string size =
        *got % scale == 0 ? std::to_string(*got / scale) + " kmgtpe"[unit] : std::to_string(*got) + " bytes";
    notice(nullptr, consume::Notice{"notice", std::string(k.what) + " lowered to " + size}
                        .with("option", std::string(k.option))
                        .with("value", *got));
  }
}

void Drain::report_drops(const dtrace_status& s, FILE* out) {
  for (const consume::Notice& n : consume::status_drops(s, options_.droptags())) notice(out, n);
}

}  // namespace dtrace::api
