// The session's aggregations: snapshots every CPU's aggregation buffer
// (AGGSNAP deltas, folded into one table), resolves aggregation ids to
// the programs' variables through AGGDESC and the consumer cookie, runs
// printa()/clear()/trunc()/normalize() for firings, and prints the
// variables nothing printed yet at the end of the run.
#pragma once

#include <functional>
#include <map>
#include <vector>

#include "api/session_options.h"
#include "dtrace/handle.h"
#include "cc/program.h"
#include "consume/agg_data.h"
#include "consume/agg_print.h"
#include "consume/firing.h"
#include "consume/notice.h"
#include "consume/record_output.h"
#include "kio/device.h"

namespace dtrace::api {

// stackindent, noresolve and rawbytes as the formatters take them, and
// the session's user and kernel symbols.
consume::TextOptions text_options(Session& s);

class Aggregations {
 public:
  Aggregations(const std::vector<cc::Program>& programs, Session& session)
      : programs_(programs), options_(session.options), session_(session) {}

  // Registers a compiled program's variables (fixes the printing order).
  void declare(const cc::Program& prog);
  // Folds every CPU's delta in; aggregation drops go to `report`
  // (Drain::notice: stderr, or an object on the output under JSON).
  Status snapshot(kio::Device& dev, uint32_t ncpus,
                  const std::function<void(const consume::Notice&)>& report);
  const consume::AggHooks& hooks();
  // The end-of-run dump of every variable not printed yet.
  void print_unprinted(consume::RecordOutput& out);
  // The same dump of every variable that has entries, printed or not.
  void print_all(consume::RecordOutput& out);
  // Every entry of every variable, in printing order (Handle::aggregate_entries).
  std::vector<AggregateEntry> entries();

 private:
  Result<consume::AggVar*> var_of(kio::Device& dev, uint32_t aggid);
  consume::AggSortOptions sort_options() const;
  bool packed_utf8() const;

  const std::vector<cc::Program>& programs_;
  const Options& options_;
  Session& session_;  // its symbols name addresses
  consume::AggTable table_;
  std::map<uint32_t, kio::AggDesc> descs_;
  std::map<uint32_t, consume::AggVar*> vars_;
  consume::AggHooks hooks_;
  uint32_t ncpus_ = 0;
};

}  // namespace dtrace::api
