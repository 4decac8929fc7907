// dtrace's -x options: the table of every option name DTrace documents,
// value parsing (sizes with k/m/g/t, times with ns..day and hz), and the
// subset handed to the module as DTRACEOPT_* entries of the program.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

extern "C" {
#include "dtrace/dtrace.h"
}

namespace dtrace::api {

class Options {
 public:
  Options();
  // `value` is empty for `-x name`. Errors use DTrace's texts
  // ("Invalid option name", "Invalid value for specified option").
  Status set(std::string_view name, std::string_view value);
  bool flag(std::string_view name) const;        // boolean option is set
  uint64_t number(std::string_view name) const;  // parsed size/time/int (0 if unset)
  // number(), or the option's default from options.def where it is unset or 0.
  uint64_t value(std::string_view name) const;
  std::string text(std::string_view name) const;
  bool is_set(std::string_view name) const { return raw_.find(name) != raw_.end(); }
  // Options the module acts on, as program option entries.
  std::vector<dtrace_prog_option> kernel_options() const;

 private:
  std::map<std::string, std::string, std::less<>> raw_;
  std::map<std::string, uint64_t, std::less<>> parsed_;
};

// Parses "4m", "512k", "2g" (bytes) and "10ms", "101hz", "1s" (ns).
Result<uint64_t> parse_size(std::string_view v);
Result<uint64_t> parse_time(std::string_view v);

}  // namespace dtrace::api
