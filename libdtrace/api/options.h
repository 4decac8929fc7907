// dtrace's options as typed fields: every option is a row, the module's
// in kernel/uapi/dtrace/options.def and the consumer's in
// api/consumer_options.def, and this table code is the only place that
// knows them by name (-x NAME=VALUE, #pragma D option, setopt()). The
// rest of libdtrace reads fields: o.quiet(), o.value(DTRACEOPT_STRSIZE).
#pragma once

#include <bitset>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "util/result.h"

extern "C" {
#include "dtrace/dtrace.h"
}

namespace dtrace::cc {
struct CompileOptions;
}

namespace dtrace::api {

struct Session;
class Options;

// How an option's value is read: Size in bytes with k/m/g/t, Time in ns
// with ns..day or hz, Bool, Int, and Text, the word as given.
enum class Kind { Bool, Size, Time, Int, Text };

// A consumer option's field type.
template <Kind K>
using Value =
    std::conditional_t<K == Kind::Bool, bool, std::conditional_t<K == Kind::Text, std::string, uint64_t>>;

// One id per consumer option (consumer_options.def), in its order.
enum class Opt : uint16_t {
#define DT_COPT(name, kind, ...) name,
#include "api/consumer_options.def"
  kCount
};

// What a row does beyond storing its value (consumer_options.def's
// header explains each field).
struct Behaviour {
  uint64_t min = 0, max = UINT64_MAX;
  std::string_view words = {};
  Result<uint64_t> (*parse)(std::string_view) = nullptr;
  Status (*effect)(Session&, uint64_t value, std::string_view text) = nullptr;
  void (*compile)(const Options&, cc::CompileOptions&) = nullptr;
  bool dynamic = false;
  bool outside_only = false;
};

struct OptionDef {
  std::string_view name;
  Kind kind;
  int kernel_id;  // DTRACEOPT_*, or -1 for a consumer option
  uint64_t dflt;  // the module's default (options.def); 0 for the others
  Behaviour b;
};

// The row named `name`, or null.
const OptionDef* find_option(std::string_view name);
// Every row: the module's, then the consumer's.
std::vector<const OptionDef*> all_options();

class Options {
 public:
  Options();
  // `value` is empty for `-x name`. Errors use DTrace's texts
  // ("Invalid option name", "Invalid value for specified option").
  Status set(std::string_view name, std::string_view value);
  // The value `value` of option `def` reads as, checked against its row.
  static Result<uint64_t> parse(const OptionDef& def, std::string_view value);
  // Stores a value parse() accepted.
  void store(const OptionDef& def, uint64_t v, std::string_view text);
  // Sets a boolean option to no (kdefs and knodefs undo each other).
  void unset(Opt id);

  // The consumer's options, one accessor each: o.quiet(), o.oformat().
#define DT_COPT(name, kind, ...) \
  const Value<Kind::kind>& name() const { return v_.name; }
#include "api/consumer_options.def"
  bool is_set(Opt id) const { return set_[static_cast<size_t>(id)]; }
  bool is_set(const OptionDef& def) const;

  // The module's options: as set (0 if unset), or the table's default
  // where unset or 0.
  uint64_t number(dtrace_option id) const { return kernel_[id]; }
  uint64_t value(dtrace_option id) const;
  bool is_set(dtrace_option id) const { return kernel_set_[id]; }
  // The module's options that were set, as program option entries.
  std::vector<dtrace_prog_option> kernel_options() const;

 private:
  struct Values {
#define DT_COPT(name, kind, ...) Value<Kind::kind> name{};
#include "api/consumer_options.def"
  } v_;
  std::bitset<static_cast<size_t>(Opt::kCount)> set_;
  uint64_t kernel_[DTRACEOPT_MAX] = {};
  std::bitset<DTRACEOPT_MAX> kernel_set_;
};

// Parses "4m", "512k", "2g" (bytes) and "10ms", "101hz", "1s" (ns).
Result<uint64_t> parse_size(std::string_view v);
Result<uint64_t> parse_time(std::string_view v);

}  // namespace dtrace::api
