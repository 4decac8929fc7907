// Walks a principal-buffer snapshot (kernel/uapi/dtrace/buf.h): a run of
// dtrace_rechdr + ECB data, with EPID 0 marking 8 bytes of padding. It
// only cuts the buffer into firings; decoding them is the caller's job.
#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "util/result.h"

namespace dtrace::consume {

struct Firing {
  uint32_t epid = 0;
  uint64_t timestamp = 0;
  std::span<const uint8_t> data;  // dtepd_size bytes after the header
};

// `data_size(epid)` gives an EPID's dtepd_size (or an error for an EPID
// the consumer cannot describe); `fn` sees each firing in buffer order.
Status walk_buffer(std::span<const uint8_t> buf, const std::function<Result<uint32_t>(uint32_t)>& data_size,
                   const std::function<Status(const Firing&)>& fn);

}  // namespace dtrace::consume
