// Cuts an AGGSNAP buffer (doc/records.md §6.1) into entries: aggregation
// id, key record bytes and value words, using each id's AGGDESC. It keeps
// no state: the caller folds the entries into its AggTable.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "kio/device.h"
#include "util/result.h"

namespace dtrace::consume {

struct AggSnapEntry {
  uint32_t aggid = 0;
  std::vector<std::vector<uint8_t>> keys;
  std::vector<int64_t> value;
};

Status walk_agg_buffer(std::span<const uint8_t> buf,
                       const std::function<Result<const kio::AggDesc*>(uint32_t)>& describe,
                       const std::function<Status(const AggSnapEntry&)>& fn);

}  // namespace dtrace::consume
