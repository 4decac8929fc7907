#include "consume/json_records.h"

#include <cstring>
#include <vector>

#include "consume/json_aggs.h"
#include "consume/json_values.h"
#include "consume/json_writer.h"
#include "consume/record_output.h"

namespace dtrace::consume {
namespace {

std::string field(const char* s, size_t n) { return std::string(s, strnlen(s, n)); }

// {"type":"probe","timestamp":...,"cpu":...,"id":...,"provider":...,
// "module":...,"function":...,"name":...,"output":[records]}, then the
// errors its actions met as objects of their own. What the text layout
// does not print (aggregating actions, clear() and the like,
// speculate(), raise(), ...) has no record object.
class JsonOutput final : public RecordOutput {
 public:
  JsonOutput(PrintState& st, FILE* out) : st_(st), out_(out) {}

  bool prints_empty_firings() const override { return true; }
  void begin(const FiringView& f) override;
  void end() override;
  void value(const cc::Action& act, std::span<const uint8_t> bytes) override;
  void tracemem(std::span<const uint8_t> bytes) override;
  void printf(const std::string& text, std::span<const Datum> args) override;
  Status printa(const cc::Action& act, const std::vector<std::string>& names) override;
  void system(const std::string& command) override;
  void freopen(const std::string& path) override;
  void reopened() override;
  void ftruncate() override;
  void setopt(const std::string& option, const std::string& value) override;
  void exit(int32_t status) override;
  void error(const Notice& n) override { errors_.push_back(n); }
  void notice(const Notice& n) override;
  void write_waiting() override;
  void aggregation(AggVar& v, const AggSortOptions& o) override {
    write_json_line(out_, json_aggregation(v, o));
  }
  // The last object: {"type":"exit","status":N}.
  void finished(int status) override { notice(Notice{"exit", ""}.with("status", int64_t{status})); }

 private:
  // One record object of the output array.
  JsonWriter& record(std::string_view kind);
  void open_line();
  void close_line(bool always);

  PrintState& st_;
  FILE* out_;
  const FiringView* f_ = nullptr;
  JsonWriter w_;
  bool has_records_ = false;
  // freopen() ends the line in the file it leaves and starts another in
  // the next, so that each file holds whole lines (a line left with no
  // record is not written).
  bool moved_ = false;
  std::vector<Notice> errors_;
};

void JsonOutput::open_line() {
  const dtrace_probedesc& p = *f_->probe;
  w_ = JsonWriter();
  w_.begin_object().member("type", "probe").member_unsigned("timestamp", f_->timestamp);
  w_.member("cpu", int64_t{f_->cpu}).member("id", int64_t{p.dtpd_id});
  w_.member("provider", field(p.dtpd_provider, sizeof p.dtpd_provider));
  w_.member("module", field(p.dtpd_mod, sizeof p.dtpd_mod));
  w_.member("function", field(p.dtpd_func, sizeof p.dtpd_func));
  w_.member("name", field(p.dtpd_name, sizeof p.dtpd_name));
  w_.key("output").begin_array();
  has_records_ = false;
}

void JsonOutput::close_line(bool always) {
  w_.end_array().end_object();
  if (has_records_ || always) write_json_line(out_, w_.text());
}

void JsonOutput::begin(const FiringView& f) {
  f_ = &f;
  open_line();
}

void JsonOutput::end() {
  close_line(!moved_);
  for (const Notice& e : errors_) write_json_notice(out_, e);
}

JsonWriter& JsonOutput::record(std::string_view kind) {
  has_records_ = true;
  return w_.begin_object().member("kind", kind);
}

// trace() and the symbolic values ("stack", "sym", ...), print().
void JsonOutput::value(const cc::Action& act, std::span<const uint8_t> bytes) {
  if (act.kind == DTRACEACT_PRINT && act.type.print_type) {
    record("print").member("type", act.type.print_type->name).key("value");
    json_typed(w_, *act.type.print_type, bytes);
  } else {
    Datum d{&act.type, bytes};
    std::string_view sk = symbolic_kind(d);
    record(act.kind == DTRACEACT_PRINT ? "print" : sk.empty() ? "trace" : sk).key("value");
    json_datum(w_, d, st_.text);
  }
  w_.end_object();
}

void JsonOutput::tracemem(std::span<const uint8_t> bytes) {
  record("tracemem").key("bytes").bytes(bytes).end_object();
}

// printf(): the text as the text layout prints it, and its arguments.
void JsonOutput::printf(const std::string& text, std::span<const Datum> args) {
  record("printf").member("message", text).key("args").begin_array();
  for (const Datum& d : args) json_datum(w_, d, st_.text);
  w_.end_array().end_object();
}

Status JsonOutput::printa(const cc::Action& act, const std::vector<std::string>& names) {
  record("printa");
  Status s = [&]() -> Status {
    if (!st_.aggs || !st_.aggs->find) return Ok{};
    auto vars = st_.aggs->find(names);
    if (!vars) return vars.error();
    AggSortOptions o = st_.aggs->sort_options();
    if (act.has_format) {  // the formatted text too, as printf's message
      auto text = printa_formatted(act.format, *vars, o);
      if (!text) return text.error();
      w_.member("message", *text);
    }
    std::string json = "[";
    for (AggVar* v : *vars) json += (json.size() > 1 ? "," : "") + json_aggregation(*v, o);
    w_.key("aggregations").raw(json + "]");
    return Ok{};
  }();
  w_.end_object();
  return s;
}

void JsonOutput::system(const std::string& command) {
  record("system").member("command", command).end_object();
}

void JsonOutput::freopen(const std::string& path) {
  record("freopen").member("path", path).end_object();
  close_line(true);
  moved_ = true;
}

void JsonOutput::reopened() { open_line(); }

void JsonOutput::ftruncate() { record("ftruncate").end_object(); }

void JsonOutput::setopt(const std::string& option, const std::string& value) {
  record("setopt").member("option", option).member("value", value).end_object();
}

void JsonOutput::exit(int32_t status) { record("exit").member("status", int64_t{status}).end_object(); }

void JsonOutput::notice(const Notice& n) {
  if (!out_) {
    st_.waiting.push_back(n);
    return;
  }
  write_waiting();
  write_json_notice(out_, n);
}

void JsonOutput::write_waiting() {
  for (const Notice& n : st_.waiting) write_json_notice(out_, n);
  st_.waiting.clear();
}

}  // namespace

std::unique_ptr<RecordOutput> json_output(PrintState& st, FILE* out) {
  return std::make_unique<JsonOutput>(st, out);
}

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

}  // namespace dtrace::consume
