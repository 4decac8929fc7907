#include "consume/json_records.h"

#include <cstring>
#include <vector>

#include "consume/error_report.h"
#include "consume/firing_actions.h"
#include "consume/json_values.h"
#include "consume/json_writer.h"

namespace dtrace::consume {
namespace {

std::string field(const char* s, size_t n) { return std::string(s, strnlen(s, n)); }

const cc::Action& action(const FiringView& f, size_t i) {
  return f.program->actions[f.clause->first_action + i];
}

Result<Datum> datum(const FiringView& f, size_t i) {
  if (i >= f.ep->recs.size()) return make_error("record " + std::to_string(i) + " missing from firing");
  auto bytes = record_bytes(f.data, f.ep->recs[i]);
  if (!bytes) return bytes.error();
  return Datum{&action(f, i).type, *bytes};
}

// printf(): the text as the text layout prints it, and its arguments.
Status printf_record(JsonWriter& w, const FiringView& f, size_t head, const TextOptions& t) {
  auto text = format_with_args(f, head, t);
  if (!text) return text.error();
  w.member("kind", "printf").member("message", *text).key("args").begin_array();
  for (uint32_t k = 1; k <= action(f, head).ntuple; k++) {
    auto d = datum(f, head + k);
    if (!d) return d.error();
    json_datum(w, *d, t);
  }
  w.end_array();
  return Ok{};
}

// tracemem(addr, size[, dynsize]): the bytes, only the first dynsize of
// them when the continuation recorded fewer.
Status tracemem_record(JsonWriter& w, const FiringView& f, size_t head, std::span<const uint8_t> bytes) {
  if (action(f, head).ntuple >= 1) {
    auto n = datum(f, head + 1);
    if (!n) return n.error();
    if (n->as_unsigned() < bytes.size()) bytes = bytes.first(n->as_unsigned());
  }
  w.member("kind", "tracemem").key("bytes").bytes(bytes);
  return Ok{};
}

Status printa_record(JsonWriter& w, const FiringView& f, PrintState& st, size_t head) {
  const cc::Action& act = action(f, head);
  std::vector<std::string> names;
  for (uint32_t k = 1; k <= act.ntuple; k++) names.push_back(agg_name(f, head + k));
  w.member("kind", "printa");
  if (!st.aggs || !st.aggs->printa || !st.aggs->printa_json) return Ok{};
  if (act.has_format) {  // the formatted text too, as printf's message
    auto text = st.aggs->printa(&act.format, names);
    if (!text) return text.error();
    w.member("message", *text);
  }
  auto json = st.aggs->printa_json(names);
  if (!json) return json.error();
  w.key("aggregations").raw(*json);
  return Ok{};
}

// setopt(): a refusal becomes an error object after the firing's line.
Status setopt_record(JsonWriter& w, const FiringView& f, PrintState& st, size_t head,
                     std::vector<Notice>& errors) {
  const cc::Action& act = action(f, head);
  std::string value;
  if (act.ntuple >= 1) {
    auto d = datum(f, head + 1);
    if (!d) return d.error();
    value = d->as_string();
  }
  w.member("kind", "setopt").member("option", act.format).member("value", value);
  if (!st.session || !st.session->setopt) return Ok{};
  std::string why = st.session->setopt(act.format, value);
  if (!why.empty())
    errors.push_back(
        library_error(f, "couldn't set option \"" + act.format + "\" to \"" + value + "\": " + why));
  return Ok{};
}

// The other records with text of their own: trace() and the symbolic
// values, print(), exit().
void value_record(JsonWriter& w, const FiringView& f, PrintState& st, size_t i,
                  std::span<const uint8_t> bytes) {
  const cc::Action& act = action(f, i);
  Datum d{&act.type, bytes};
  if (act.kind == DTRACEACT_PRINT && act.type.print_type) {
    w.member("kind", "print").member("type", act.type.print_type->name).key("value");
    json_typed(w, *act.type.print_type, bytes);
    return;
  }
  std::string_view sk = symbolic_kind(d);
  w.member("kind", act.kind == DTRACEACT_PRINT ? "print" : sk.empty() ? "trace" : sk).key("value");
  json_datum(w, d, st.text);
}

// A firing's line: its probe, then the records. freopen() ends the line
// in the file it leaves and starts another in the next, so that each
// file holds whole lines (a line left with no record is not written).
struct Line {
  const FiringView& f;
  JsonWriter w;
  bool has_records = false;

  void open() {
    const dtrace_probedesc& p = *f.probe;
    w = JsonWriter();
    w.begin_object().member("type", "probe").member_unsigned("timestamp", f.timestamp);
    w.member("cpu", int64_t{f.cpu}).member("id", int64_t{p.dtpd_id});
    w.member("provider", field(p.dtpd_provider, sizeof p.dtpd_provider));
    w.member("module", field(p.dtpd_mod, sizeof p.dtpd_mod));
    w.member("function", field(p.dtpd_func, sizeof p.dtpd_func));
    w.member("name", field(p.dtpd_name, sizeof p.dtpd_name));
    w.key("output").begin_array();
    has_records = false;
  }
  void close(FILE* out, bool always) {
    w.end_array().end_object();
    if (has_records || always) write_json_line(out, w.text());
  }
};

// The records the text layout prints as a value.
bool is_value_record(uint16_t kind) { return is_traced_value(kind) || kind == DTRACEACT_PRINT; }

bool prints(uint16_t kind) {
  switch (kind) {
    case DTRACEACT_PRINTF:
    case DTRACEACT_TRACEMEM:
    case DTRACEACT_PRINTA:
    case DTRACEACT_SETOPT:
    case DTRACEACT_SYSTEM:
    case DTRACEACT_FREOPEN:
    case DTRACEACT_FTRUNCATE:
    case DTRACEACT_EXIT: return true;
    default: return is_value_record(kind);
  }
}

// One record as an object of the output array (and its continuations:
// i moves past them). What the text layout does not print (aggregating
// actions, clear() and the like, speculate(), raise(), ...) is left out.
Status record(Line& line, const FiringView& f, PrintState& st, size_t& i, FILE* out,
              std::vector<Notice>& errors) {
  JsonWriter& w = line.w;
  const cc::Action& act = action(f, i);
  auto bytes = record_bytes(f.data, f.ep->recs[i]);
  if (!bytes) return bytes.error();
  size_t head = i;
  if (!prints(act.kind)) {
    if ((act.kind & 0xff00) == 0x0700 || act.kind == DTRACEACT_LIBACT) i += act.ntuple;
    return act.kind == DTRACEACT_LIBACT ? do_libact(f, st, head) : Status{Ok{}};
  }
  line.has_records = true;
  w.begin_object();
  Status s = Ok{};
  switch (act.kind) {
    case DTRACEACT_PRINTF: s = printf_record(w, f, head, st.text); break;
    case DTRACEACT_TRACEMEM: s = tracemem_record(w, f, head, *bytes); break;
    case DTRACEACT_PRINTA: s = printa_record(w, f, st, head); break;
    case DTRACEACT_SETOPT: s = setopt_record(w, f, st, head, errors); break;
    case DTRACEACT_SYSTEM:
    case DTRACEACT_FREOPEN: {
      auto text = format_with_args(f, head, st.text);
      if (!text) return text.error();
      bool sys = act.kind == DTRACEACT_SYSTEM;
      w.member("kind", sys ? "system" : "freopen").member(sys ? "command" : "path", *text);
      if (sys) {
        do_system(*text, out);
        break;
      }
      w.end_object();
      line.close(out, true);
      if (std::string why = do_freopen(*text, st, out); !why.empty())
        errors.push_back(Notice{"error", why}.with("path", *text));
      line.open();
      i += act.ntuple;
      return Ok{};
    }
    case DTRACEACT_FTRUNCATE:
      w.member("kind", "ftruncate");
      do_ftruncate(out);
      break;
    case DTRACEACT_EXIT: {
      int32_t status = static_cast<int32_t>(Datum{nullptr, *bytes}.as_signed());
      if (bytes->size() == sizeof(int32_t)) st.exit_status = status;
      w.member("kind", "exit").member("status", int64_t{status});
      break;
    }
    default: value_record(w, f, st, head, *bytes); break;
  }
  w.end_object();
  i += act.ntuple;  // printf/printa/tracemem/system/freopen/setopt arguments
  return s;
}

}  // namespace

void write_json_line(FILE* out, const std::string& json) {
  std::fwrite(json.data(), 1, json.size(), out);
  std::fputc('\n', out);
}

void write_json_notice(FILE* out, const Notice& n) {
  JsonWriter w;
  w.begin_object().member("type", n.type);
  for (const auto& [k, v] : n.members) {
    if (auto* i = std::get_if<int64_t>(&v)) w.member(k, *i);
    else if (auto* u = std::get_if<uint64_t>(&v)) w.member_unsigned(k, *u);
    else w.member(k, std::get<std::string>(v));
  }
  if (!n.message.empty()) w.member("message", n.message);
  w.end_object();
  write_json_line(out, w.text());
  std::fflush(out);
}

Status print_firing_json(const FiringView& f, PrintState& st, FILE* out) {
  if (f.ep->recs.size() != f.clause->naction)
    return make_error("EPID " + std::to_string(f.ep->epid) + " has " + std::to_string(f.ep->recs.size()) +
                      " records for " + std::to_string(f.clause->naction) + " actions");
  Line line{f, JsonWriter(), false};
  line.open();
  std::vector<Notice> errors;
  bool moved = false;  // a freopen() started a new line
  for (size_t i = 0; i < f.ep->recs.size(); i++) {
    moved |= action(f, i).kind == DTRACEACT_FREOPEN;
    Status s = record(line, f, st, i, out, errors);
    if (!s) return s;
  }
  line.close(out, !moved);
  for (const Notice& e : errors) write_json_notice(out, e);
  return Ok{};
}

}  // namespace dtrace::consume
