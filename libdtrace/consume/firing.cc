#include "consume/firing.h"

#include <vector>

#include "consume/error_report.h"
#include "consume/json_records.h"
#include "consume/record_output.h"
#include "consume/session_actions.h"
#include "consume/text_output.h"

namespace dtrace::consume {

Result<std::span<const uint8_t>> record_bytes(std::span<const uint8_t> data, const dtrace_recdesc& rec) {
  if (rec.dtrd_offset > data.size() || data.size() - rec.dtrd_offset < rec.dtrd_size)
    return make_error("record at offset " + std::to_string(rec.dtrd_offset) + " lies outside its firing");
  return data.subspan(rec.dtrd_offset, rec.dtrd_size);
}

namespace {

// One firing being walked: its records, where they print, and the
// session their actions act on.
struct Walk {
  const FiringView& f;
  RecordOutput& out;
  SessionActions& session;
  const TextOptions& text;

  const cc::Action& action(size_t i) const { return f.program->actions[f.clause->first_action + i]; }
  Result<Datum> datum(size_t i, const char* what) const {
    if (i >= f.ep->recs.size()) return make_error(std::string(what) + " missing from record");
    auto bytes = record_bytes(f.data, f.ep->recs[i]);
    if (!bytes) return bytes.error();
    return Datum{&action(i).type, *bytes};
  }
  // The aggregation variable named by record i (a printa/libact argument).
  std::string agg_name(size_t i) const {
    const cc::Action& a = action(i);
    return a.aggvar < f.program->aggs.size() ? f.program->aggs[a.aggvar].name : std::string();
  }
};

// A row: what the consumer does with the record of an action's head
// (its bytes) and its continuations. The walker moves past the
// continuations (dtpa_ntuple) afterwards.
using Step = Status (*)(Walk& w, size_t head, std::span<const uint8_t> bytes);

// printf and friends: the head's format applied to its ARG records, the
// text and the arguments then handed to `use`.
template <typename Use>
Status formatted(Walk& w, size_t head, Use use) {
  const cc::Action& act = w.action(head);
  std::vector<Datum> args;
  for (uint32_t k = 1; k <= act.ntuple; k++) {
    auto d = w.datum(head + k, "printf arguments");
    if (!d) return d.error();
    args.push_back(*d);
  }
  auto text = format_printf(act.format, args, w.text);
  if (!text) return text.error();
  use(*text, std::span<const Datum>(args));
  return Ok{};
}

Status step_nothing(Walk&, size_t, std::span<const uint8_t>) { return Ok{}; }

Status step_value(Walk& w, size_t head, std::span<const uint8_t> bytes) {
  if (bytes.empty() && w.action(head).kind == DTRACEACT_DIFEXPR) return Ok{};  // a statement's void
  w.out.value(w.action(head), bytes);
  return Ok{};
}

// tracemem(addr, size[, dynsize]): the recorded bytes, or only the first
// dynsize of them when the continuation recorded a smaller count.
Status step_tracemem(Walk& w, size_t head, std::span<const uint8_t> bytes) {
  if (w.action(head).ntuple >= 1) {
    auto n = w.datum(head + 1, "tracemem size");
    if (!n) return n.error();
    if (n->as_unsigned() < bytes.size()) bytes = bytes.first(n->as_unsigned());
  }
  w.out.tracemem(bytes);
  return Ok{};
}

Status step_printf(Walk& w, size_t head, std::span<const uint8_t>) {
  return formatted(w, head,
                   [&w](const std::string& text, std::span<const Datum> args) { w.out.printf(text, args); });
}

Status step_printa(Walk& w, size_t head, std::span<const uint8_t>) {
  std::vector<std::string> names;
  for (uint32_t k = 1; k <= w.action(head).ntuple; k++) names.push_back(w.agg_name(head + k));
  return w.out.printa(w.action(head), names);
}

// clear/trunc/normalize/denormalize: the aggregation, then the optional
// second argument.
Status step_libact(Walk& w, size_t head, std::span<const uint8_t>) {
  const cc::Action& act = w.action(head);
  if (act.ntuple < 1) return Ok{};
  int64_t n = 0;
  bool has_n = act.ntuple >= 2;
  if (has_n) {
    auto d = w.datum(head + 2, "aggregation action argument");
    if (!d) return d.error();
    n = d->as_signed();
  }
  w.session.libact(act.arg, w.agg_name(head + 1), has_n, n);
  return Ok{};
}

Status step_system(Walk& w, size_t head, std::span<const uint8_t>) {
  return formatted(w, head, [&w](const std::string& command, std::span<const Datum>) {
    w.out.system(command);
    w.session.system(command);
  });
}

Status step_freopen(Walk& w, size_t head, std::span<const uint8_t>) {
  return formatted(w, head, [&w](const std::string& path, std::span<const Datum>) {
    w.out.freopen(path);
    if (std::string why = w.session.freopen(path); !why.empty())
      w.out.error(Notice{"error", why}.with("path", path));
    w.out.reopened();
  });
}

Status step_ftruncate(Walk& w, size_t, std::span<const uint8_t>) {
  w.out.ftruncate();
  w.session.ftruncate();
  return Ok{};
}

// setopt(name[, value]): a refusal is reported as DTrace reports a
// library error on an enabled probe (its text ends in a newline: an empty
// line follows); tracing goes on. Without a value the value is "1".
Status step_setopt(Walk& w, size_t head, std::span<const uint8_t>) {
  const cc::Action& act = w.action(head);
  std::string value = "1";
  if (act.ntuple >= 1) {
    auto d = w.datum(head + 1, "setopt value");
    if (!d) return d.error();
    value = d->as_string();
  }
  w.out.setopt(act.format, value);
  std::string why = w.session.setopt(act.format, value);
  if (!why.empty()) {
    Notice n = library_error(w.f, "couldn't set option \"" + act.format + "\" to \"" + value + "\": " + why);
    n.blank_after = true;
    w.out.error(n);
  }
  return Ok{};
}

Status step_exit(Walk& w, size_t, std::span<const uint8_t> bytes) {
  int32_t status = static_cast<int32_t>(Datum{nullptr, bytes}.as_signed());
  if (bytes.size() == sizeof(int32_t)) w.session.exit(status);
  w.out.exit(status);
  return Ok{};
}

// The rows, one per action kind of kernel/uapi/dtrace/actions.def (the
// kinds kernel/core's rule() records): a kind added there does not
// compile until it has a row here. `step_nothing`: the kernel did all there
// is to do (speculation, raise(), chill(), ...), the record is a
// continuation its head reads, or the action records into an
// aggregation rather than the principal buffer.
namespace row {
constexpr Step NONE = step_nothing, DIFEXPR = step_value, EXIT = step_exit, PRINTF = step_printf,
               PRINTA = step_printa, LIBACT = step_libact, TRACEMEM = step_tracemem,
               TRACEMEM_DYNSIZE = step_nothing, PRINT = step_value, ARG = step_nothing, SETOPT = step_setopt,
               FTRUNCATE = step_ftruncate;
constexpr Step SPECULATE = step_nothing, COMMIT = step_nothing, DISCARD = step_nothing;
constexpr Step STACK = step_value, USTACK = step_value, JSTACK = step_value, USYM = step_value,
               UMOD = step_value, UADDR = step_value, SYM = step_value, MOD = step_value;
constexpr Step RAISE = step_nothing, STOP = step_nothing, SYSTEM = step_system, FREOPEN = step_freopen,
               CHILL = step_nothing, BREAKPOINT = step_nothing, PANIC = step_nothing;
constexpr Step AGGKEY = step_nothing, AGGINCR = step_nothing, AGG_COUNT = step_nothing,
               AGG_SUM = step_nothing, AGG_AVG = step_nothing, AGG_MIN = step_nothing, AGG_MAX = step_nothing,
               AGG_STDDEV = step_nothing, AGG_QUANTIZE = step_nothing, AGG_LQUANTIZE = step_nothing,
               AGG_LLQUANTIZE = step_nothing;
}  // namespace row

Step row_of(uint16_t kind) {
  switch (kind) {
#define DTRACEACT(name, code, dname) \
  case DTRACEACT_##name:             \
    return row::name;
#include "dtrace/actions.def"
#undef DTRACEACT
    default: return step_nothing;
  }
}

}  // namespace

Status walk_firing(const FiringView& f, RecordOutput& out, SessionActions& session, const TextOptions& text) {
  if (f.clause->records_nothing && !out.prints_empty_firings()) return Ok{};
  if (f.ep->recs.size() != f.clause->naction)
    return make_error("EPID " + std::to_string(f.ep->epid) + " has " + std::to_string(f.ep->recs.size()) +
                      " records for " + std::to_string(f.clause->naction) + " actions");
  Walk w{f, out, session, text};
  out.begin(f);
  for (size_t i = 0; i < f.ep->recs.size(); i++) {
    const cc::Action& act = w.action(i);
    auto bytes = record_bytes(f.data, f.ep->recs[i]);
    if (!bytes) return bytes.error();
    if (Status s = row_of(act.kind)(w, i, *bytes); !s) return s;
    i += act.ntuple;
  }
  out.end();
  return Ok{};
}

Status print_firing(const FiringView& f, PrintState& st, FILE* out) {
  SessionActions session(st, out);
  return walk_firing(f, *make_output(st, out), session, st.text);
}

std::unique_ptr<RecordOutput> make_output(PrintState& st, FILE* out) {
  return st.json ? json_output(st, out) : text_output(st, out);
}

}  // namespace dtrace::consume
