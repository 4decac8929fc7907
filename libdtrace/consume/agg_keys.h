// Aggregation keys as DTrace's consumer merges them (issue 28): before a
// snapshot's entry is folded, a sym()/func() key becomes the start of its
// symbol, mod() of its module, usym()/ufunc() and umod() the same in the
// process, a ustack() its call chain (ustack_record.h); uaddr() and
// addresses nothing covers stay. Entries whose keys then agree are one
// entry, combined by AggTable::fold as the CPUs' shares are.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace dtrace::consume {

class KernelSymbols;
class UserSymbols;

struct AggKeySymbols {
  const KernelSymbols* ksyms = nullptr;  // null: kernel keys stay
  UserSymbols* usyms = nullptr;          // null: user keys stay
};

// One key record of kind `kind` (its recdesc's dtrd_action, arg its
// dtrd_arg) rewritten in place.
void canonicalize_agg_key(const AggKeySymbols& syms, uint16_t kind, uint64_t arg, std::span<uint8_t> rec);

// Every key of an entry, `kinds` and `args` per key.
void canonicalize_agg_keys(const AggKeySymbols& syms, std::span<const uint16_t> kinds,
                           std::span<const uint64_t> args, std::vector<std::vector<uint8_t>>& keys);

}  // namespace dtrace::consume
