// What a session prints, in one format: consume/text_output.cc's writes
// dtrace(1)'s layout, consume/json_records.cc's JSON Lines (doc/json.md).
// The record walker (consume/firing.h) decodes each record of a firing
// through its action's row and calls one method per shape; the session
// (api/) gives it its notices, its aggregations and the end of the run.
// Only make_output() asks which format it is.
// An output only writes: what a record does to the session (system(),
// freopen(), exit(), setopt(), ...) is consume/session_actions.h's.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "consume/firing.h"
#include "consume/notice.h"
#include "consume/record_format.h"

namespace dtrace::consume {

class RecordOutput {
 public:
  virtual ~RecordOutput() = default;

  // A firing whose statement records nothing: JSON still writes its
  // (empty) object, the text layout no line.
  virtual bool prints_empty_firings() const = 0;
  virtual void begin(const FiringView& f) = 0;
  virtual void end() = 0;

  // trace(), print() and the stack and symbol records (act.kind says which).
  virtual void value(const cc::Action& act, std::span<const uint8_t> bytes) = 0;
  // tracemem(): the bytes to show (already cut to its dynamic size).
  virtual void tracemem(std::span<const uint8_t> bytes) = 0;
  // printf(): its text and the arguments it was made of.
  virtual void printf(const std::string& text, std::span<const Datum> args) = 0;
  // printa() of the named aggregations (act's format, if any).
  virtual Status printa(const cc::Action& act, const std::vector<std::string>& names) = 0;

  // The actions that act on the session: the text layout prints nothing
  // for them, JSON a record object each.
  virtual void system(const std::string& /*command*/) {}
  // freopen(path): called before the output moves and after it has.
  virtual void freopen(const std::string& /*path*/) {}
  virtual void reopened() {}
  virtual void ftruncate() {}
  virtual void setopt(const std::string& /*option*/, const std::string& /*value*/) {}
  virtual void exit(int32_t /*status*/) {}
  // What went wrong in an action (a refused setopt(), a failed
  // freopen()): dtrace's message, on stderr or as a JSON object.
  virtual void error(const Notice& n) = 0;

  // Outside firings. A message of dtrace's own while tracing: "dtrace: "
  // and its text on stderr, or its object on the output, flushed (with no
  // output yet, at GO, it waits for write_waiting()).
  virtual void notice(const Notice& n) = 0;
  virtual void write_waiting() {}
  // One variable dumped whole, as at the end of the run; marks it printed.
  virtual void aggregation(AggVar& v, const AggSortOptions& o) = 0;
  // The run was interrupted (^C); then, at its end, tracing stopped (the
  // aggregations not printed yet follow) and last the exit status.
  virtual void interrupted() {}
  virtual void stopped() {}
  virtual void finished(int /*status*/) {}
};

// The output st asks for (text, or JSON under -x oformat=json), writing
// on `out` (which notice() alone accepts null).
std::unique_ptr<RecordOutput> make_output(PrintState& st, FILE* out);

}  // namespace dtrace::consume
