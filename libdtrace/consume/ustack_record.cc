#include "consume/ustack_record.h"

#include <algorithm>
#include <cstring>

#include "consume/ustack_unwind.h"
#include "consume/usyms.h"

extern "C" {
#include "dtrace/ustack.h"
}

namespace dtrace::consume {

namespace {

uint64_t word_at(std::span<const uint8_t> rec, size_t off) {
  uint64_t v = 0;
  if (off + 8 <= rec.size()) std::memcpy(&v, rec.data() + off, 8);
  return v;
}

// The frame-pointer frames: up to nframes words after the pid, to the first 0.
std::vector<uint64_t> pointer_frames(std::span<const uint8_t> rec, uint64_t arg) {
  std::vector<uint64_t> pcs;
  for (uint32_t i = 0; i < DTRACE_USTACK_NFRAMES(arg); i++) {
    uint64_t pc = word_at(rec, 8 + 8 * size_t{i});
    if (pc == 0) break;
    pcs.push_back(pc);
  }
  return pcs;
}

}  // namespace

std::vector<uint64_t> ustack_record_frames(UserSymbols* syms, std::span<const uint8_t> rec, uint64_t arg) {
  std::vector<uint64_t> fp = pointer_frames(rec, arg);
  uint64_t off = DTRACE_USTACK_BLOCK_OFF(arg);
  if (!syms || DTRACE_USTACK_BYTES(arg) == 0 || rec.size() < DTRACE_USTACK_RECSIZE(arg)) return fp;
  dtrace_ustack_regs r;
  std::memcpy(&r, rec.data() + off, sizeof r);
  if (!(r.dtur_flags & DTRACE_USTACK_VALID)) return fp;
  auto stack = rec.subspan(off + sizeof r, std::min<uint64_t>(r.dtur_len, DTRACE_USTACK_BYTES(arg)));
  std::vector<uint64_t> cfi =
      syms->unwinder().unwind(static_cast<pid_t>(word_at(rec, 0)), {r.dtur_pc, r.dtur_sp, r.dtur_fp}, stack,
                              DTRACE_USTACK_NFRAMES(arg));
  // Where libdw gets no further than the first frame (no objects, no
  // process any more) the frame-pointer walk may still know more.
  return cfi.size() > 1 || cfi.size() >= fp.size() ? cfi : fp;
}

std::string format_ustack_record(UserSymbols* syms, std::span<const uint8_t> rec, uint64_t arg,
                                 uint32_t indent, bool resolve) {
  std::vector<uint64_t> pcs = ustack_record_frames(syms, rec, arg);
  std::vector<uint8_t> plain(8 * (pcs.size() + 1));
  std::memcpy(plain.data(), rec.data(), std::min<size_t>(8, rec.size()));
  if (!pcs.empty()) std::memcpy(plain.data() + 8, pcs.data(), 8 * pcs.size());
  return format_user_stack(syms, plain, indent, resolve);
}

void canonicalize_ustack_key(UserSymbols* syms, std::span<uint8_t> rec, uint64_t arg) {
  uint64_t off = DTRACE_USTACK_BLOCK_OFF(arg);
  if (DTRACE_USTACK_BYTES(arg) == 0 || rec.size() < DTRACE_USTACK_RECSIZE(arg)) return;
  std::vector<uint64_t> pcs = ustack_record_frames(syms, rec, arg);
  pcs.resize(DTRACE_USTACK_NFRAMES(arg));
  std::memcpy(rec.data() + 8, pcs.data(), 8 * pcs.size());
  std::fill(rec.begin() + static_cast<ptrdiff_t>(off), rec.end(), uint8_t{0});
}

}  // namespace dtrace::consume
