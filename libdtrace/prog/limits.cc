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
  return enable_refusal(err, e);
}

Error enable_refusal(int err, const dtrace_enable& detail) {
  std::string msg = detail.dten_msg[0]
                        ? std::string(detail.dten_msg, strnlen(detail.dten_msg, sizeof detail.dten_msg))
                        : std::string(std::strerror(err));
  if (err == E2BIG) return make_error("Enabling exceeds size limit: " + msg, "EDT_ENABLING_ERR");
  // A destructive action refused (EPERM with the DIFOs valid; a
  // destructive subroutine is DIF_DVR_PRIV, ioctl.h): DTrace's words.
  if (err == EPERM && detail.dten_dvr == DIF_DVR_OK)
    return make_error("Destructive actions not allowed", "EDT_DESTRUCTIVE");
  return make_error(msg);
}

}  // namespace dtrace::prog
