#include "consume/agg_keys.h"

#include <cstring>

#include "consume/ksyms.h"
#include "consume/ustack_record.h"
#include "consume/usyms.h"

extern "C" {
#include "dtrace/actions.h"
}

namespace dtrace::consume {
namespace {

// The address word at `off`, replaced by what `start` makes of it.
template <typename F>
void rewrite_word(std::span<uint8_t> rec, size_t off, F start) {
  if (rec.size() < off + 8) return;
  uint64_t addr;
  std::memcpy(&addr, rec.data() + off, 8);
  addr = start(addr);
  std::memcpy(rec.data() + off, &addr, 8);
}

uint64_t pid_of(std::span<const uint8_t> rec) {
  uint64_t pid = 0;
  if (rec.size() >= 8) std::memcpy(&pid, rec.data(), 8);
  return pid;
}

void kernel_symbol(const AggKeySymbols& s, uint64_t, std::span<uint8_t> rec) {
  if (s.ksyms) rewrite_word(rec, 0, [&](uint64_t a) { return s.ksyms->symbol_start(a); });
}

void kernel_module(const AggKeySymbols& s, uint64_t, std::span<uint8_t> rec) {
  if (s.ksyms) rewrite_word(rec, 0, [&](uint64_t a) { return s.ksyms->module_start(a); });
}

// usym(), umod(): pid, then the address.
void user_symbol(const AggKeySymbols& s, uint64_t, std::span<uint8_t> rec) {
  auto pid = static_cast<pid_t>(pid_of(rec));
  if (s.usyms) rewrite_word(rec, 8, [&](uint64_t a) { return s.usyms->function_start(pid, a); });
}

void user_module(const AggKeySymbols& s, uint64_t, std::span<uint8_t> rec) {
  auto pid = static_cast<pid_t>(pid_of(rec));
  if (s.usyms) rewrite_word(rec, 8, [&](uint64_t a) { return s.usyms->module_start(pid, a); });
}

void user_stack(const AggKeySymbols& s, uint64_t arg, std::span<uint8_t> rec) {
  canonicalize_ustack_key(s.usyms, rec, arg);
}

// One row per key kind that is rewritten; every other kind stays.
struct KeyRule {
  uint16_t kind;
  void (*rewrite)(const AggKeySymbols&, uint64_t arg, std::span<uint8_t> rec);
};

constexpr KeyRule kRules[] = {
    {DTRACEACT_SYM, kernel_symbol}, {DTRACEACT_MOD, kernel_module}, {DTRACEACT_USYM, user_symbol},
    {DTRACEACT_UMOD, user_module},  {DTRACEACT_USTACK, user_stack}, {DTRACEACT_JSTACK, user_stack},
};

}  // namespace

void canonicalize_agg_key(const AggKeySymbols& syms, uint16_t kind, uint64_t arg, std::span<uint8_t> rec) {
  for (const KeyRule& r : kRules)
    if (r.kind == kind) return r.rewrite(syms, arg, rec);
}

void canonicalize_agg_keys(const AggKeySymbols& syms, std::span<const uint16_t> kinds,
                           std::span<const uint64_t> args, std::vector<std::vector<uint8_t>>& keys) {
  for (size_t i = 0; i < keys.size() && i < kinds.size(); i++)
    canonicalize_agg_key(syms, kinds[i], i < args.size() ? args[i] : 0, keys[i]);
}

}  // namespace dtrace::consume
