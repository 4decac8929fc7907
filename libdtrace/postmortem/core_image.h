// A dump's objects as a process image (proc::ProcessImage), from its
// NT_FILE mappings: what the session names the dump's user addresses
// with (usym, ufunc, umod, ustack frames), as a live process's maps.
#pragma once

#include "postmortem/core_dump.h"
#include "proc/object_files.h"
#include "proc/process_image.h"

namespace dtrace::postmortem {

proc::ProcessImage core_image(const CoreDump& dump, proc::ObjectFiles& files);

}  // namespace dtrace::postmortem
