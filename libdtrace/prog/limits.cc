#include "prog/limits.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "prog/encode.h"

extern "C" {
#include "user/inproc.h"
}

namespace dtrace::prog {

Status check_enable(const cc::Program& p, const std::vector<dtrace_prog_option>& options) {
  std::vector<uint8_t> blob = encode(p, options, 0);
  dtrace_enable e{};
  e.dten_prog = reinterpret_cast<uintptr_t>(blob.data());
  e.dten_size = blob.size();
  long ncpus = sysconf(_SC_NPROCESSORS_CONF);
  int err = -dtrace_inproc_enable_dry(ncpus > 0 ? static_cast<uint32_t>(ncpus) : 1, &e);
  if (err == 0) return Ok{};
  std::string msg = e.dten_msg[0] ? std::string(e.dten_msg, strnlen(e.dten_msg, sizeof e.dten_msg))
                                  : std::string(std::strerror(err));
  // As api/enabling.cc words what the module refused.
  if (err == E2BIG) return make_error("Enabling exceeds size limit: " + msg, "EDT_ENABLING_ERR");
  return make_error(msg);
}

}  // namespace dtrace::prog
