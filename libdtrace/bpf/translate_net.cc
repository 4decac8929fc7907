// The Translator's address subroutines (translator.h), as the module's
// (kernel/core/dif_subr_net.c): inet_ntoa() (dotted quad), inet_ntoa6()
// (lower-case hex, the longest run of two or more zero groups as "::",
// an IPv4-mapped or -compatible address as its dotted quad), inet_ntop()
// by family (the IPv4 address in an IPv6 one with its ::ffff: or ::
// prefix), link_ntop() (Ethernet, InfiniBand). The address bytes are
// read with probe_read_kernel into scmp's element (BADADDR at the
// address when unreadable), the text written after them by straight
// code (no loop: at most 20 bytes), then copied into strsize bytes of
// scratch, keeping their words only. The text's length lives in map
// memory and every branch's values are read again after it joins, so
// that the verifier's paths meet in one state.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "bpf/translator.h"

namespace dtrace::bpf::detail {

namespace {
constexpr int32_t kAfInet = 2;
constexpr int32_t kAfInet6 = 10;  // Linux's
constexpr int32_t kArphrdEther = 1;
constexpr int32_t kArphrdInfiniband = 32;
constexpr int16_t kNetLen = static_cast<int16_t>(kLoopWords);    // the text's bytes so far
constexpr int16_t kNetZs = kNetLen + 8;                          // the zero run's start (99: none)
constexpr int16_t kNetZl = kNetLen + 16;                         // and its length
constexpr int16_t kNetShow = kNetLen + 24;                       // a group's: shown
constexpr int16_t kNetText = static_cast<int16_t>(kCompareBuf);  // the text, under 64 bytes
constexpr int32_t kNetMask = 63;
constexpr int32_t kNoRun = 99;
}  // namespace

// Writes the byte in R3 (reg) or c at the text's end, which R5 (0 or
// 1) advances: a byte not advanced over is overwritten by the next, so
// the text has no branch. R1 the element; R0 and R2 clobbered.
void Translator::net_put(int32_t c, bool reg) {
  emit(load64(kR0, kR1, kNetLen));
  emit(mov_reg(kR2, kR0));
  emit(alu_imm(BPF_AND, kR2, kNetMask));
  emit(alu_reg(BPF_ADD, kR2, kR1));
  if (reg) emit(make(BPF_STX | BPF_MEM | BPF_B, kR2, kR3, kNetText, 0));
  else emit(make(BPF_ST | BPF_MEM | BPF_B, kR2, 0, kNetText, c));
  emit(alu_reg(BPF_ADD, kR0, kR5));
  emit(store64(kR1, kNetLen, kR0));
}

// The same, always advancing.
void Translator::net_put1(int32_t c, bool reg) {
  emit(mov_imm(kR5, 1));
  net_put(c, reg);
}

// R3 = the hex digit of R3 (0 to 15), lower case; R4 clobbered. (A
// mask of an arithmetic shift would fork the verifier's state, Linux
// 6.18's maybe_fork_scalars(): a product of a logical one does not.)
void Translator::net_hex_digit() {
  emit(mov_imm(kR4, 9));
  emit(alu_reg(BPF_SUB, kR4, kR3));
  emit(alu_imm(BPF_RSH, kR4, 63));
  emit(alu_imm(BPF_MUL, kR4, 'a' - '0' - 10));
  emit(alu_imm(BPF_ADD, kR3, '0'));
  emit(alu_reg(BPF_ADD, kR3, kR4));
}

// A loop over slot = 0 .. n - 1 (a stack slot, so that the verifier
// walks it n times): loop_top() before its body, loop_back() after it.
size_t Translator::loop_top(int16_t slot) {
  emit(store64_imm(kFp, slot, 0));
  return out_.size();
}

void Translator::loop_back(int16_t slot, int32_t n, size_t top) {
  emit(load64(kR0, kFp, slot));
  emit(alu_imm(BPF_ADD, kR0, 1));
  emit(store64(kFp, slot, kR0));
  emit(jmp_imm(BPF_JLT, kR0, n,
               static_cast<int16_t>(static_cast<int64_t>(top) - static_cast<int64_t>(out_.size()) - 1)));
}

// R5 = whether the loop's index in slot is not 0.
void Translator::net_not_first(int16_t slot) {
  emit(load64(kR5, kFp, slot));
  emit(alu_imm(BPF_SUB, kR5, 1));
  emit(alu_imm(BPF_RSH, kR5, 63));
  emit(alu_imm(BPF_XOR, kR5, 1));
}

// R4 = R1 + off + the loop's index in slot times scale: a byte's address.
void Translator::net_byte_at(int16_t slot, int32_t scale, int32_t off) {
  emit(load64(kR4, kFp, slot));
  if (scale > 1) emit(alu_imm(BPF_MUL, kR4, scale));
  emit(alu_reg(BPF_ADD, kR4, kR1));
  if (off != 0) emit(alu_imm(BPF_ADD, kR4, off));
}

// The module's quad(): the four bytes at off, dotted, each in decimal
// without leading zeros.
void Translator::net_quad(int16_t off) {
  size_t top = loop_top(kSubC);
  net_not_first(kSubC);
  net_put('.');
  for (auto [above, div] : {std::pair{99, 100}, std::pair{9, 10}, std::pair{-1, 1}}) {
    net_byte_at(kSubC, 1, off);  // shown when the byte > above
    emit(make(BPF_LDX | BPF_MEM | BPF_B, kR3, kR4, 0, 0));
    emit(mov_imm(kR5, above));
    emit(alu_reg(BPF_SUB, kR5, kR3));
    emit(alu_imm(BPF_RSH, kR5, 63));
    if (div > 1) emit(alu_imm(BPF_DIV, kR3, div));
    emit(alu_imm(BPF_MOD, kR3, 10));
    emit(alu_imm(BPF_ADD, kR3, '0'));
    net_put(0, true);
  }
  loop_back(kSubC, 4, top);
}

// The module's ipv6(): an IPv4 address inside as ipv4_in_ipv6() prints
// it (prefix: inet_ntop()'s "::ffff:" or "::"), else the groups in hex
// with the longest run of two or more zero groups (the first of the
// longest) as "::".
void Translator::net_ipv6(bool prefix) {
  std::vector<size_t> normal, quad;
  emit(load64(kR0, kR1, 0));
  normal.push_back(jump_here(jmp_imm(BPF_JNE, kR0, 0, 0)));
  emit(make(BPF_LDX | BPF_MEM | BPF_H, kR0, kR1, 8, 0));
  normal.push_back(jump_here(jmp_imm(BPF_JNE, kR0, 0, 0)));
  emit(make(BPF_LDX | BPF_MEM | BPF_H, kR0, kR1, 10, 0));
  size_t not_mapped = jump_here(jmp_imm(BPF_JNE, kR0, 0xffff, 0));
  if (prefix)
    for (char c : std::string("::ffff:")) net_put1(c);
  quad.push_back(jump_here(ja(0)));
  land(not_mapped);
  emit(make(BPF_LDX | BPF_MEM | BPF_H, kR0, kR1, 10, 0));
  normal.push_back(jump_here(jmp_imm(BPF_JNE, kR0, 0, 0)));
  emit(make(BPF_LDX | BPF_MEM | BPF_W, kR0, kR1, 12, 0));
  emit(make(BPF_ALU | BPF_END | BPF_TO_BE, kR0, 0, 0, 32));
  normal.push_back(jump_here(jmp_imm(BPF_JLE, kR0, 1, 0)));
  if (prefix) {
    net_put1(':');
    net_put1(':');
  }
  for (size_t j : quad) land(j);
  net_quad(12);
  size_t done = jump_here(ja(0));
  for (size_t j : normal) land(j);

  // The longest zero run, without branches (in the element's words: the
  // current run in kNetShow, the longest in kNetZl, where it ends in
  // kNetZs); a later run only when longer.
  emit(store64_imm(kR1, kNetShow, 0));
  emit(store64_imm(kR1, kNetZl, 0));
  emit(store64_imm(kR1, kNetZs, 0));
  size_t top = loop_top(kSubC);
  net_byte_at(kSubC, 2, 0);
  emit(make(BPF_LDX | BPF_MEM | BPF_H, kR0, kR4, 0, 0));
  emit(alu_imm(BPF_SUB, kR0, 1));  // zero: 1
  emit(alu_imm(BPF_RSH, kR0, 63));
  emit(load64(kR3, kR1, kNetShow));
  emit(alu_imm(BPF_ADD, kR3, 1));
  emit(alu_reg(BPF_MUL, kR3, kR0));
  emit(store64(kR1, kNetShow, kR3));
  emit(load64(kR4, kR1, kNetZl));
  emit(mov_reg(kR2, kR4));  // longer: 1
  emit(alu_reg(BPF_SUB, kR2, kR3));
  emit(alu_imm(BPF_RSH, kR2, 63));
  emit(mov_reg(kR0, kR3));
  emit(alu_reg(BPF_SUB, kR0, kR4));
  emit(alu_reg(BPF_MUL, kR0, kR2));
  emit(alu_reg(BPF_ADD, kR4, kR0));
  emit(store64(kR1, kNetZl, kR4));
  emit(load64(kR5, kR1, kNetZs));
  emit(load64(kR0, kFp, kSubC));
  emit(alu_reg(BPF_SUB, kR0, kR5));
  emit(alu_reg(BPF_MUL, kR0, kR2));
  emit(alu_reg(BPF_ADD, kR5, kR0));
  emit(store64(kR1, kNetZs, kR5));
  loop_back(kSubC, 8, top);
  // Two or more: zs = end + 1 - longest, zl = longest; else none.
  emit(load64(kR4, kR1, kNetZl));
  emit(load64(kR5, kR1, kNetZs));
  emit(mov_imm(kR2, 1));
  emit(alu_reg(BPF_SUB, kR2, kR4));
  emit(alu_imm(BPF_RSH, kR2, 63));
  emit(alu_imm(BPF_ADD, kR5, 1 - kNoRun));
  emit(alu_reg(BPF_SUB, kR5, kR4));
  emit(alu_reg(BPF_MUL, kR5, kR2));
  emit(alu_imm(BPF_ADD, kR5, kNoRun));
  emit(store64(kR1, kNetZs, kR5));
  emit(alu_reg(BPF_MUL, kR4, kR2));
  emit(store64(kR1, kNetZl, kR4));

  // Group i: "::" at the run's start, nothing inside it, else a colon
  // (but first and right after the run) and its digits.
  top = loop_top(kSubC);
  emit(load64(kR3, kR1, kNetZs));
  emit(load64(kR4, kR1, kNetZl));
  emit(alu_reg(BPF_ADD, kR4, kR3));  // the run's end
  emit(load64(kR2, kFp, kSubC));
  emit(mov_reg(kR5, kR3));  // start = zs == i
  emit(alu_reg(BPF_XOR, kR5, kR2));
  emit(alu_imm(BPF_SUB, kR5, 1));
  emit(alu_imm(BPF_RSH, kR5, 63));
  emit(mov_reg(kR0, kR3));  // inside = zs < i && i < end
  emit(alu_reg(BPF_SUB, kR0, kR2));
  emit(alu_imm(BPF_RSH, kR0, 63));
  emit(alu_reg(BPF_SUB, kR2, kR4));
  emit(alu_imm(BPF_RSH, kR2, 63));
  emit(alu_reg(BPF_AND, kR0, kR2));
  emit(alu_reg(BPF_OR, kR0, kR5));  // show = !(start || inside)
  emit(alu_imm(BPF_XOR, kR0, 1));
  emit(store64(kR1, kNetShow, kR0));
  net_put(':');
  net_put(':');
  net_not_first(kSubC);  // colon = i > 0 && show && end != i
  emit(load64(kR0, kR1, kNetShow));
  emit(alu_reg(BPF_AND, kR5, kR0));
  emit(load64(kR3, kR1, kNetZs));
  emit(load64(kR4, kR1, kNetZl));
  emit(alu_reg(BPF_ADD, kR3, kR4));
  emit(load64(kR0, kFp, kSubC));
  emit(alu_reg(BPF_XOR, kR3, kR0));
  emit(alu_imm(BPF_SUB, kR3, 1));
  emit(alu_imm(BPF_RSH, kR3, 63));
  emit(alu_imm(BPF_XOR, kR3, 1));
  emit(alu_reg(BPF_AND, kR5, kR3));
  net_put(':');
  // put_hex(): its digits from the top (slot kSubN: 3 - k for the
  // digit k), none before the first that is not zero, but the last.
  size_t digits = loop_top(kSubN);
  net_byte_at(kSubC, 2, 0);
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR3, kR4, 0, 0));
  emit(alu_imm(BPF_LSH, kR3, 8));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR4, kR4, 1, 0));
  emit(alu_reg(BPF_OR, kR3, kR4));
  emit(load64(kR4, kFp, kSubN));  // >> 4 * (3 - slot)
  emit(alu_imm(BPF_MUL, kR4, -4));
  emit(alu_imm(BPF_ADD, kR4, 12));
  emit(alu_reg(BPF_RSH, kR3, kR4));
  emit(mov_reg(kR5, kR3));  // shown: what is left not 0, or the last
  emit(alu_imm(BPF_SUB, kR5, 1));
  emit(alu_imm(BPF_RSH, kR5, 63));
  emit(load64(kR0, kFp, kSubN));
  emit(alu_imm(BPF_XOR, kR0, 3));
  emit(alu_imm(BPF_SUB, kR0, 1));
  emit(alu_imm(BPF_RSH, kR0, 63));
  emit(alu_imm(BPF_XOR, kR0, 1));
  emit(alu_reg(BPF_AND, kR5, kR0));
  emit(alu_imm(BPF_XOR, kR5, 1));
  emit(load64(kR0, kR1, kNetShow));
  emit(alu_reg(BPF_AND, kR5, kR0));
  emit(alu_imm(BPF_AND, kR3, 15));
  net_hex_digit();
  net_put(0, true);
  loop_back(kSubN, 4, digits);
  loop_back(kSubC, 8, top);
  land(done);
}

// The module's link_addr(): n bytes in two hex digits each, by colons.
void Translator::net_link(int32_t n) {
  size_t top = loop_top(kSubC);
  net_not_first(kSubC);
  net_put(':');
  for (bool high : {true, false}) {
    net_byte_at(kSubC, 1, 0);
    emit(make(BPF_LDX | BPF_MEM | BPF_B, kR3, kR4, 0, 0));
    if (high) emit(alu_imm(BPF_RSH, kR3, 4));
    else emit(alu_imm(BPF_AND, kR3, 15));
    net_hex_digit();
    net_put1(0, true);
  }
  loop_back(kSubC, n, top);
}

// The n address bytes at kSubB into the element (kSubD), BADADDR at
// the address when unreadable; R1 the element, the text empty.
void Translator::net_read(uint32_t pc, int32_t n) {
  emit(load64(kR1, kFp, kSubD));
  emit(mov_imm(kR2, n));
  emit(load64(kR3, kFp, kSubB));
  emit(call(BPF_FUNC_probe_read_kernel));
  fault_unless_read(pc, kSubB);
  emit(load64(kR1, kFp, kSubD));
  emit(store64_imm(kR1, kNetLen, 0));
}

// inet_ntoa(a), inet_ntoa6(a), inet_ntop(af, a), link_ntop(type, a), as
// the module's dtrace_subr_net(): another family ILLOP at its number.
void Translator::net_subr(uint32_t pc, uint16_t subr, unsigned rd) {
  bool by_family = subr == DIF_SUBR_INET_NTOP || subr == DIF_SUBR_LINK_NTOP;
  arg_to(0, by_family ? kSubA : kSubB);
  if (by_family) arg_to(1, kSubB);
  first_element(s_->compare_fd);
  emit(store64(kFp, kSubD, kR0));
  std::vector<size_t> done;
  auto one = [&](int32_t n, auto text) {
    net_read(pc, n);
    text();
    done.push_back(jump_here(ja(0)));
  };
  if (subr == DIF_SUBR_INET_NTOA) {
    one(4, [&] { net_quad(0); });
  } else if (subr == DIF_SUBR_INET_NTOA6) {
    one(16, [&] { net_ipv6(false); });
  } else {
    bool inet = subr == DIF_SUBR_INET_NTOP;
    std::vector<std::pair<int32_t, std::function<void()>>> families;
    if (inet)
      families = {{kAfInet, [&] { one(4, [&] { net_quad(0); }); }},
                  {kAfInet6, [&] { one(16, [&] { net_ipv6(true); }); }}};
    else
      families = {{kArphrdEther, [&] { one(6, [&] { net_link(6); }); }},
                  {kArphrdInfiniband, [&] { one(20, [&] { net_link(20); }); }}};
    for (auto& [fam, emit_it] : families) {
      emit(load64(kR1, kFp, kSubA));
      size_t other = jump_here(jmp_imm(BPF_JNE, kR1, fam, 0));
      emit_it();
      land(other);
    }
    emit(load64(kR1, kFp, kSubA));
    emit(store64(kFrame, kFrameFaultAddr, kR1));
    fault_keep_addr(DTRACEFLT_ILLOP, pc);
  }
  for (size_t j : done) land(j);
  emit(load64(kR1, kFp, kSubD));  // the NUL
  emit(load64(kR0, kR1, kNetLen));
  emit(alu_imm(BPF_AND, kR0, kNetMask));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  emit(make(BPF_ST | BPF_MEM | BPF_B, kR0, 0, kNetText, 0));
  int32_t size = static_cast<int32_t>(s_->strsize);
  emit(store64_imm(kFp, kSubN, size));
  take(pc);
  keep_from_element(kNetText, rd);
}

// rd = the string at off in scmp's element (kSubD) copied to the
// scratch at kSubP (strsize bytes taken there), which keeps its words.
void Translator::keep_from_element(int16_t off, unsigned rd) {
  scratch_at(0);
  emit(mov_imm(kR2, static_cast<int32_t>(s_->strsize)));
  emit(load64(kR3, kFp, kSubD));
  emit(alu_imm(BPF_ADD, kR3, off));
  emit(call(BPF_FUNC_probe_read_kernel_str));
  emit(jmp_imm(BPF_JSGE, kR0, 1, 1));
  emit(mov_imm(kR0, 1));
  emit(alu_imm(BPF_SUB, kR0, 1));
  keep_string(rd);
}

}  // namespace dtrace::bpf::detail
