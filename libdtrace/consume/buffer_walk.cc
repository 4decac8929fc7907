#include "consume/buffer_walk.h"

#include <cstring>
#include <string>

extern "C" {
#include "dtrace/buf.h"
}

namespace dtrace::consume {

Status walk_buffer(std::span<const uint8_t> buf, const std::function<Result<uint32_t>(uint32_t)>& data_size,
                   const std::function<Status(const Firing&)>& fn) {
  size_t off = 0;
  while (off < buf.size()) {
    if (buf.size() - off < sizeof(uint32_t))
      return make_error("corrupt buffer: truncated record at offset " + std::to_string(off));
    uint32_t epid;
    std::memcpy(&epid, buf.data() + off, sizeof epid);
    if (epid == DTRACE_EPIDNONE) {  // padding
      off += 8;
      continue;
    }
    if (buf.size() - off < sizeof(dtrace_rechdr))
      return make_error("corrupt buffer: truncated header at offset " + std::to_string(off));
    dtrace_rechdr hdr;
    std::memcpy(&hdr, buf.data() + off, sizeof hdr);
    auto size = data_size(epid);
    if (!size) return size.error();
    size_t start = off + sizeof hdr;
    if (buf.size() - start < *size)
      return make_error("corrupt buffer: record of EPID " + std::to_string(epid) + " overruns the buffer");
    Status st = fn(Firing{epid, hdr.dtrh_timestamp, buf.subspan(start, *size)});
    if (!st) return st;
    off = start + ((*size + 7u) & ~size_t{7});
  }
  return Ok{};
}

}  // namespace dtrace::consume
