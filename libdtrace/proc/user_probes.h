// The hook that turns probe descriptions naming user-space probes into
// probes in the module (DTRACEIOC_USERPROBE), before the compiler
// matches them. The module knows no user symbols: each creator below
// reads them from the target's objects and creates exactly the probes a
// description names.
//
// Adding a creator (e.g. stapsdt notes): write
//   Result<uint32_t> create_xxx_probes(const cc::ProbeSpec&, UserProbeContext&);
// returning 0 when the description is none of its business, the number
// of probes it created (or found existing) otherwise, or an Error with a
// D_PROC_* tag; then list it in kCreators in user_probes.cc.
#pragma once

#include <sys/types.h>

#include <map>
#include <memory>

#include "cc/program.h"
#include "kio/device.h"
#include "proc/process_image.h"
#include "util/result.h"

namespace dtrace::proc {

struct UserProbeContext {
  kio::Device& dev;
  // The objects mapped into pid (read once per description batch).
  Result<const ProcessImage*> image(pid_t pid);
  // Creates one probe: fills dtup_desc.dtpd_id. Errors name the probe.
  Result<uint32_t> create(dtrace_userprobe& up);

  std::map<pid_t, std::unique_ptr<ProcessImage>> images;
};

using UserProbeCreator = Result<uint32_t> (*)(const cc::ProbeSpec&, UserProbeContext&);

// Runs every creator over spec (macros already expanded); returns the
// number of user probes created for it (0: not a user probe description).
Result<uint32_t> create_user_probes(const cc::ProbeSpec& spec, UserProbeContext& ctx);

// The pid provider: pid<N>:module:function:{entry,return,<hex offset>}.
Result<uint32_t> create_pid_probes(const cc::ProbeSpec& spec, UserProbeContext& ctx);

}  // namespace dtrace::proc
