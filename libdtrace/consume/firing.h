// One firing of an enabled probe: its records walked in action order, each
// through its action kind's row (firing.cc), printed through a
// RecordOutput (text or JSON) while the session does what they ask
// (system(), freopen(), exit(), ...). doc/adding.md: adding an action.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cc/program.h"
#include "consume/agg_print.h"
#include "consume/notice.h"
#include "consume/record_format.h"
#include "kio/device.h"
#include "util/result.h"

namespace dtrace::consume {

struct FiringView {
  uint32_t cpu = 0;
  const dtrace_probedesc* probe = nullptr;
  const kio::EpDesc* ep = nullptr;
  const cc::Program* program = nullptr;
  const cc::Clause* clause = nullptr;  // its actions match ep->recs one to one
  std::span<const uint8_t> data;
  uint64_t timestamp = 0;  // the record header's
};

// What a firing's aggregation actions ask of the session's aggregations.
// The outputs format them (text or JSON) from the variables.
struct AggHooks {
  // printa()'s variables in the order named, or an error for a name the
  // session does not know.
  std::function<Result<std::vector<AggVar*>>(const std::vector<std::string>& names)> find;
  // How they sort and print now (setopt() may change it while tracing).
  std::function<AggSortOptions()> sort_options;
  // clear/trunc/normalize/denormalize (DTRACE_LIBACT_*), with the
  // optional second argument.
  std::function<void(uint64_t libact, const std::string& name, bool has_n, int64_t n)> libact;
};

// What a firing's consumer-side actions ask of the session.
struct SessionHooks {
  // setopt(name[, value]) while tracing: "" when set, else why not in
  // DTrace's words ("Invalid option name", ...).
  std::function<std::string(const std::string& name, const std::string& value)> setopt;
};

struct PrintState {
  bool quiet = false;
  bool json = false;        // -x oformat=json: JSON Lines (consume/json_records.h)
  bool flowindent = false;  // -F layout
  TextOptions text;         // stackindent, noresolve, rawbytes
  int flow_depth = 0;       // -F: entry/return nesting
  bool header_printed = false;
  bool line_open = false;          // a firing's line awaits its newline
  std::optional<int> exit_status;  // set by an exit() record
  const AggHooks* aggs = nullptr;
  const SessionHooks* session = nullptr;
  int saved_out_fd = -1;  // freopen(): the output's first file, to return to with ""
  // JSON: notices given before there was an output to write them on (at GO).
  std::vector<Notice> waiting;
};

class RecordOutput;
class SessionActions;

// The walker: each record of f through its row, to `out` and `session`.
Status walk_firing(const FiringView& f, RecordOutput& out, SessionActions& session, const TextOptions& text);
// walk_firing() through make_output(st, out) (consume/record_output.h)
// and the session's actions on `out`.
Status print_firing(const FiringView& f, PrintState& st, FILE* out);
// Ends the text layout's open line, if any (after the last firing of a
// buffer; consume/text_output.cc).
void end_line(PrintState& st, FILE* out);

// The bytes of record `rec` within a firing's data, bounds-checked.
Result<std::span<const uint8_t>> record_bytes(std::span<const uint8_t> data, const dtrace_recdesc& rec);

}  // namespace dtrace::consume
