// Every thread's call chain in a dump, unwound once with libdwfl
// (dwfl_attach_state, dwfl_getthread_frames) over the files NT_FILE
// names and each object's CFI, read from the dump's registers and
// memory. The core device hands these frames to ustack(), which records
// them as the live one records its own.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "postmortem/core_dump.h"

extern "C" {
#include "dtrace/limits.h"
}

namespace dtrace::postmortem {

// At most this many frames a thread: no ustack() records more.
constexpr uint32_t kMaxCoreFrames = DTRACE_MAX_FRAMES;

// By tid: the pc, then the return addresses outward. A thread libdwfl
// cannot unwind has its pc alone.
std::map<uint64_t, std::vector<uint64_t>> unwind_threads(const CoreDump& dump);

}  // namespace dtrace::postmortem
