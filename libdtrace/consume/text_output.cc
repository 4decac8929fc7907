#include "consume/text_output.h"

#include <cstring>

#include "consume/agg_print.h"
#include "consume/print_value.h"
#include "consume/probe_list.h"
#include "consume/record_output.h"
#include "consume/tracemem.h"

namespace dtrace::consume {
namespace {

// -F: two blanks per call depth, then "-> func" / "<- func" for entry and
// return probes ("=> " / "<= " for syscalls), "| func:name" otherwise.
std::string flow_name(const dtrace_probedesc& p, PrintState& st) {
  std::string name(p.dtpd_name, strnlen(p.dtpd_name, sizeof p.dtpd_name));
  std::string func(p.dtpd_func, strnlen(p.dtpd_func, sizeof p.dtpd_func));
  bool sys = std::strncmp(p.dtpd_provider, "syscall", sizeof p.dtpd_provider) == 0;
  if (name == "entry") {
    std::string out = std::string(static_cast<size_t>(2 * st.flow_depth), ' ') + (sys ? "=> " : "-> ") + func;
    st.flow_depth++;
    return out;
  }
  if (name == "return") {
    if (st.flow_depth > 0) st.flow_depth--;
    return std::string(static_cast<size_t>(2 * st.flow_depth), ' ') + (sys ? "<= " : "<- ") + func;
  }
  return std::string(static_cast<size_t>(2 * st.flow_depth), ' ') + "| " + func + ":" + name;
}

// Clauses with part > 0 (a statement split at an if/else) continue the
// line of the firing before them instead of starting a new one.
class TextOutput final : public RecordOutput {
 public:
  TextOutput(PrintState& st, FILE* out) : st_(st), out_(out) {}

  bool prints_empty_firings() const override { return false; }
  void begin(const FiringView& f) override {
    bool continues = f.clause->part > 0 && st_.line_open;
    if (!continues) end_line(st_, out_);
    if (!st_.quiet && !continues) {
      if (!st_.header_printed) {
        if (st_.flowindent) std::fprintf(out_, "%3s %-41s\n", "CPU", "FUNCTION");
        else std::fprintf(out_, "%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
        st_.header_printed = true;
      }
      if (st_.flowindent) std::fprintf(out_, "%3u %-41s ", f.cpu, flow_name(*f.probe, st_).c_str());
      else std::fprintf(out_, "%3u %6u %32s ", f.cpu, f.probe->dtpd_id, probe_func_name(*f.probe).c_str());
    }
    st_.line_open = true;
  }
  void end() override {}
  void value(const cc::Action& act, std::span<const uint8_t> bytes) override {
    if (act.kind == DTRACEACT_PRINT && act.type.print_type) put(format_print(*act.type.print_type, bytes));
    else put(format_trace(Datum{&act.type, bytes}, st_.quiet, st_.text));
  }
  void tracemem(std::span<const uint8_t> bytes) override { put(format_tracemem(bytes)); }
  void printf(const std::string& text, std::span<const Datum>) override { put(text); }
  Status printa(const cc::Action& act, const std::vector<std::string>& names) override {
    if (!st_.aggs || !st_.aggs->find) return Ok{};
    auto vars = st_.aggs->find(names);
    if (!vars) return vars.error();
    auto text = printa_text(act.has_format ? &act.format : nullptr, *vars, st_.aggs->sort_options());
    if (!text) return text.error();
    put(*text);
    return Ok{};
  }
  // After what the output holds so far, as DTrace reports a library
  // error on an enabled probe; tracing goes on.
  void error(const Notice& n) override {
    std::fflush(out_);
    notice(n);
  }
  // The caller flushed what must precede it.
  void notice(const Notice& n) override {
    if (n.quiet_hides && st_.quiet) return;
    std::fprintf(stderr, "dtrace: %s\n%s", n.message.c_str(), n.blank_after ? "\n" : "");
  }
  void aggregation(AggVar& v, const AggSortOptions& o) override { put(aggregation_rows(v, o)); }
  // As dtrace(1) does on ^C.
  void interrupted() override { std::fputc('\n', out_); }
  // dtrace(1) ends every run with a newline, -q or not, aggregations to
  // print or not; they follow it without blank lines between them.
  void stopped() override { std::fputc('\n', out_); }

 private:
  // Every byte of the text: printf("%c", 0) writes a NUL and goes on,
  // as DTrace's does.
  void put(const std::string& text) { std::fwrite(text.data(), 1, text.size(), out_); }

  PrintState& st_;
  FILE* out_;
};

}  // namespace

std::unique_ptr<RecordOutput> text_output(PrintState& st, FILE* out) {
  return std::make_unique<TextOutput>(st, out);
}

void end_line(PrintState& st, FILE* out) {
  if (st.line_open && !st.quiet) std::fputc('\n', out);
  st.line_open = false;
}

}  // namespace dtrace::consume
