// Strings under the bpf backend (doc/bpf.md): a string value is the
// kernel address of its NUL-terminated bytes in a BPF map, as the
// module's is an address in the kernel. String constants: every DIFO's
// string table, back to back in the one element of an array map (`sets`
// gives the address of its string there through BPF_PSEUDO_MAP_VALUE).
// execname: the current task's comm, which the helper get_current_comm
// writes into a per-CPU array's element. A record or an aggregation key
// copies the string with probe_read_kernel_str, as the module's
// dtrace_dif_strcpy() does: at most size - 1 bytes and the NUL.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <string>

#include "bpf/difo_view.h"
#include "bpf/frame.h"
#include "bpf/load.h"
#include "util/result.h"

namespace dtrace::bpf {

// The bytes get_current_comm writes (TASK_COMM_LEN).
constexpr uint32_t kCommSize = 16;
// The longest strsize string comparisons (scmp) take; each of the two
// strings compared is copied into a buffer of this and 8 bytes more.
constexpr uint32_t kMaxCompare = 512;
constexpr uint32_t kCompareBuf = kMaxCompare + 8;
// After the two buffers, the failure table of a substring search
// (strstr, index, rindex): a 32-bit word for each pattern byte.
constexpr uint32_t kSearchFail = 2 * kCompareBuf;
// strtok()'s position (the module's per-CPU scpu->strtok), which
// outlives a firing, after them.
constexpr uint32_t kStrtokPos = kSearchFail + 4 * kMaxCompare;
// Then the words a search's loops keep (translate_str.cc): in map memory,
// whose values the verifier does not follow, so that the states of the
// paths that leave a loop at different steps are the same.
constexpr uint32_t kLoopWords = kStrtokPos + 8;
constexpr uint32_t kCompareElement = kLoopWords + 6 * 8;
// The per-CPU scratch subroutines' results (copyinstr, alloca, ...) are
// taken from, as the module's: at most this many bytes an ECB, in the
// lower half of an element twice that size whose upper half stays zero
// (what a take is cleared from; translate_scratch.cc).
constexpr uint32_t kScratchMax = 16384;

// String and by-reference clause-locals (this->s) live in a per-CPU
// element of one slot for each of the frame's locals (frame.h) that
// holds one: kMaxCompare bytes for a string, its size for a structure,
// while the element stays within kLocalsMax bytes (a per-CPU array's
// largest value).
constexpr uint32_t kLocalStrings = kFrameLocals;
constexpr uint32_t kLocalsMax = 32768;
using LocalSlots = std::array<uint32_t, kLocalStrings + 1>;  // each slot's offset, then the size
constexpr LocalSlots even_local_slots() {  // kMaxCompare bytes each: the translator's own tests
  LocalSlots a{};
  for (uint32_t i = 0; i <= kLocalStrings; i++) a[i] = i * kMaxCompare;
  return a;
}

// The module's scratch area (kernel/core/buffer.c): scratchsize and
// eight strings.
constexpr uint64_t module_scratch_size(uint64_t scratchsize, uint64_t strsize) {
  return (scratchsize + 8 * (strsize + 8) + 7) & ~uint64_t{7};
}

struct Strings {
  int consts_fd = -1;                                     // the constants' array map
  int comm_fd = -1;                                       // the per-CPU array execname lives in
  int compare_fd = -1;                                    // per-CPU array: scmp's two buffers
  int scratch_fd = -1;                                    // per-CPU array: the scratch (2 x kScratchMax)
  int locals_fd = -1;                                     // per-CPU array: string this-> variables
  LocalSlots local_slots = even_local_slots();            // their slots in its element
  int cpuinfo_fd = -1;                                    // per-CPU array: curcpu's cpuinfo_t
  uint32_t strsize = 256;                                 // the strsize option
  uint64_t scratch_size = module_scratch_size(256, 256);  // of the options' scratchsize, strsize
  std::map<const char*, uint32_t> base;                   // a DIFO's string table -> its offset there
  std::map<std::string, uint32_t> named;                  // other strings (probe names) -> their offset
  std::string bytes;                                      // the constants' element
};

// Adds s to the constants (before their maps are made), once; its offset.
uint32_t intern(Strings& s, const std::string& str);

// The string tables of difos, each once; the clause-locals' slots.
Strings layout_strings(std::span<const DifoView> difos);

// The maps of s (s gets their descriptors). kZoneName is interned.
struct StringMaps {
  Fd consts, comm, compare, scratch, locals, cpuinfo;
};

// The zone name every firing reads (the module's, Linux has no zones).
constexpr const char* kZoneName = "global";
Result<StringMaps> create_string_maps(Strings& s);
// The constants' map alone, of s's bytes (late probes' names added).
Result<Fd> create_consts_map(const Strings& s);

}  // namespace dtrace::bpf
