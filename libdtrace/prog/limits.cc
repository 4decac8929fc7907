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
  if (auto worded = enable_refusal(err, e, msg)) return *worded;
  return make_error(msg);
}

std::optional<Error> enable_refusal(int err, const dtrace_enable& detail, const std::string& reason) {
  if (err == E2BIG) return make_error("Enabling exceeds size limit: " + reason, ErrTag::EDT_ENABLING_ERR);
  // A destructive action refused (EPERM with the DIFOs valid; a
  // destructive subroutine is DIF_DVR_PRIV, ioctl.h): DTrace's words.
  if (err == EPERM && detail.dten_dvr == DIF_DVR_OK)
    return make_error("Destructive actions not allowed", ErrTag::EDT_DESTRUCTIVE);
  return std::nullopt;
}

}  // namespace dtrace::prog
