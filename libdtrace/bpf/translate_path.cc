// The Translator's path subroutines (translator.h), as the module's
// (kernel/core/dif_subr_text.c): cleanpath() walks the string a byte a
// step, strsize steps (the verifier walks each once, its paths meeting
// at the loop's top: every value lives in scmp's element, none in a
// register across a step), building the result in the element with a
// stack of its components' starts, so that a ".." drops the last one
// at once where the module walks back to it.
#include <functional>
#include <vector>

#include "bpf/translator.h"

namespace dtrace::bpf::detail {

namespace {
constexpr int32_t kPathIdx = static_cast<int32_t>(kMaxCompare) - 1;  // an index's mask
constexpr int16_t kPathN = static_cast<int16_t>(kLoopWords);         // the result's length
constexpr int16_t kPathDepth = kPathN + 8;                           // components on the stack
constexpr int16_t kPathN0 = kPathN + 16;                           // the length before the current component
constexpr int16_t kPathStart = kPathN + 24;                        // where the current component starts
constexpr int16_t kPathLen = kPathN + 32;                          // its length so far
constexpr int16_t kPathIn = kPathN + 40;                           // in a component
constexpr int16_t kPathOut = static_cast<int16_t>(kCompareBuf);    // the result
constexpr int16_t kPathStack = static_cast<int16_t>(kSearchFail);  // 32-bit starts (| kDotDot)
constexpr int32_t kDotDot = 0x10000;
constexpr int16_t kPathSrcLen = static_cast<int16_t>(kMaxCompare);  // the string's length, after it
}  // namespace

// R3 = R1 + (R<idx> & the mask): the address of the result's byte idx
// (at kPathOut), or the string's (at 0).
void Translator::path_at(uint8_t idx) {
  emit(mov_reg(kR3, idx));
  emit(alu_imm(BPF_AND, kR3, kPathIdx));
  emit(alu_reg(BPF_ADD, kR3, kR1));
}

// The module's push()'s slash: one after a result that does not end
// with one. R1 the element; R2, R3 clobbered.
void Translator::path_sep() {
  emit(load64(kR2, kR1, kPathN));
  size_t empty = jump_here(jmp_imm(BPF_JEQ, kR2, 0, 0));
  emit(alu_imm(BPF_SUB, kR2, 1));
  path_at(kR2);
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR3, kR3, kPathOut, 0));
  size_t slash = jump_here(jmp_imm(BPF_JEQ, kR3, '/', 0));
  emit(load64(kR2, kR1, kPathN));
  path_at(kR2);
  emit(make(BPF_ST | BPF_MEM | BPF_B, kR3, 0, kPathOut, '/'));
  emit(alu_imm(BPF_ADD, kR2, 1));
  emit(store64(kR1, kPathN, kR2));
  land(empty);
  land(slash);
}

// The module's pop() of a ".." component: "/" stays, the last
// component is dropped (with the slash before it but the root's),
// else ".." is pushed (nothing to drop, or a ".." last).
void Translator::path_pop() {
  std::vector<size_t> done, dotdot;
  emit(load64(kR2, kR1, kPathN));
  size_t not_root = jump_here(jmp_imm(BPF_JNE, kR2, 1, 0));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR3, kR1, kPathOut, 0));
  done.push_back(jump_here(jmp_imm(BPF_JEQ, kR3, '/', 0)));
  land(not_root);
  emit(load64(kR4, kR1, kPathDepth));
  dotdot.push_back(jump_here(jmp_imm(BPF_JEQ, kR4, 0, 0)));
  emit(alu_imm(BPF_SUB, kR4, 1));
  emit(mov_reg(kR3, kR4));
  emit(alu_imm(BPF_AND, kR3, kPathIdx));
  emit(alu_imm(BPF_LSH, kR3, 2));
  emit(alu_reg(BPF_ADD, kR3, kR1));
  emit(make(BPF_LDX | BPF_MEM | BPF_W, kR5, kR3, kPathStack, 0));
  emit(mov_reg(kR0, kR5));
  emit(alu_imm(BPF_AND, kR0, kDotDot));
  dotdot.push_back(jump_here(jmp_imm(BPF_JNE, kR0, 0, 0)));
  emit(store64(kR1, kPathDepth, kR4));
  emit(alu_imm(BPF_AND, kR5, kDotDot - 1));
  emit(store64(kR1, kPathN, kR5));
  done.push_back(jump_here(jmp_imm(BPF_JLE, kR5, 1, 0)));
  emit(mov_reg(kR2, kR5));
  emit(alu_imm(BPF_SUB, kR2, 1));
  path_at(kR2);
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR3, kR3, kPathOut, 0));
  done.push_back(jump_here(jmp_imm(BPF_JNE, kR3, '/', 0)));
  emit(store64(kR1, kPathN, kR2));
  done.push_back(jump_here(ja(0)));
  for (size_t j : dotdot) land(j);
  path_sep();
  emit(load64(kR2, kR1, kPathN));
  for (int k = 0; k < 2; k++) {
    path_at(kR2);
    emit(make(BPF_ST | BPF_MEM | BPF_B, kR3, 0, static_cast<int16_t>(kPathOut + k), '.'));
  }
  emit(load64(kR4, kR1, kPathDepth));
  emit(mov_reg(kR3, kR4));
  emit(alu_imm(BPF_AND, kR3, kPathIdx));
  emit(alu_imm(BPF_LSH, kR3, 2));
  emit(alu_reg(BPF_ADD, kR3, kR1));
  emit(mov_reg(kR5, kR2));
  emit(alu_imm(BPF_OR, kR5, kDotDot));
  emit(make(BPF_STX | BPF_MEM | BPF_W, kR3, kR5, kPathStack, 0));
  emit(alu_imm(BPF_ADD, kR4, 1));
  emit(store64(kR1, kPathDepth, kR4));
  emit(alu_imm(BPF_ADD, kR2, 2));
  emit(store64(kR1, kPathN, kR2));
  for (size_t j : done) land(j);
}

// cleanpath(s), as the module's dtrace_subr_cleanpath(): "//" as "/",
// "." components dropped, ".." dropping the one before; "." for a
// string of those alone; the input's trailing "/" or "/." kept. Its
// scratch as the module's: strsize for the copy, strsize for the result.
// The path subroutines' input: strsize of scratch taken for copy()
// (kSubC its offset, where the result goes), the string read into scmp's
// element (kSubD) with its length after it (map memory: no range the
// verifier tracks), strsize more taken for the result.
void Translator::path_input(uint32_t pc) {
  int32_t size = static_cast<int32_t>(s_->strsize);
  arg_to(0, kSubA);
  emit(store64_imm(kFp, kSubN, size));
  take(pc);
  emit(load64(kR1, kFp, kSubP));
  emit(store64(kFp, kSubC, kR1));
  first_element(s_->compare_fd);
  emit(store64(kFp, kSubD, kR0));
  emit(mov_reg(kR1, kR0));
  read_str(pc, kSubA, size);
  emit(alu_imm(BPF_SUB, kR0, 1));
  emit(load64(kR1, kFp, kSubD));
  emit(store64(kR1, kPathSrcLen, kR0));
  emit(store64_imm(kFp, kSubN, size));
  take(pc);
}

void Translator::cleanpath(uint32_t pc, unsigned rd) {
  int32_t size = static_cast<int32_t>(s_->strsize);
  path_input(pc);
  emit(load64(kR1, kFp, kSubD));
  for (int16_t w : {kPathN, kPathDepth, kPathN0, kPathStart, kPathLen, kPathIn}) emit(store64_imm(kR1, w, 0));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR2, kR1, 0, 0));  // a leading "/"
  size_t relative = jump_here(jmp_imm(BPF_JNE, kR2, '/', 0));
  emit(make(BPF_ST | BPF_MEM | BPF_B, kR1, 0, kPathOut, '/'));
  emit(store64_imm(kR1, kPathN, 1));
  land(relative);

  // Byte i (kSubB) of the string, i from 0 to strsize - 1: its end
  // (i == len) a slash that ends the last component, past it nothing.
  emit(store64_imm(kFp, kSubB, 0));
  size_t top = out_.size();
  emit(load64(kR1, kFp, kSubD));
  emit(load64(kR2, kFp, kSubB));
  emit(load64(kR3, kR1, kPathSrcLen));
  std::vector<size_t> next;
  next.push_back(jump_here(jmp_reg(BPF_JGT, kR2, kR3, 0)));
  emit(mov_imm(kR4, '/'));
  size_t at_end = jump_here(jmp_reg(BPF_JEQ, kR2, kR3, 0));
  path_at(kR2);
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR4, kR3, 0, 0));
  land(at_end);
  size_t slash = jump_here(jmp_imm(BPF_JEQ, kR4, '/', 0));
  emit(store64(kFp, kLoadBuf, kR4));  // a component's byte
  emit(load64(kR0, kR1, kPathIn));
  size_t in = jump_here(jmp_imm(BPF_JNE, kR0, 0, 0));
  emit(store64_imm(kR1, kPathIn, 1));
  emit(load64(kR0, kR1, kPathN));
  emit(store64(kR1, kPathN0, kR0));
  path_sep();
  emit(load64(kR0, kR1, kPathN));
  emit(store64(kR1, kPathStart, kR0));
  emit(store64_imm(kR1, kPathLen, 0));
  land(in);
  emit(load64(kR2, kR1, kPathN));
  path_at(kR2);
  emit(load64(kR5, kFp, kLoadBuf));
  emit(make(BPF_STX | BPF_MEM | BPF_B, kR3, kR5, kPathOut, 0));
  emit(alu_imm(BPF_ADD, kR2, 1));
  emit(store64(kR1, kPathN, kR2));
  emit(load64(kR2, kR1, kPathLen));
  emit(alu_imm(BPF_ADD, kR2, 1));
  emit(store64(kR1, kPathLen, kR2));
  next.push_back(jump_here(ja(0)));
  land(slash);  // a component ends: ".", "..", or one kept
  emit(load64(kR0, kR1, kPathIn));
  next.push_back(jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0)));
  emit(store64_imm(kR1, kPathIn, 0));
  emit(load64(kR2, kR1, kPathStart));
  path_at(kR2);
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR4, kR3, kPathOut, 0));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR5, kR3, kPathOut + 1, 0));
  emit(load64(kR0, kR1, kPathLen));
  std::vector<size_t> push;
  push.push_back(jump_here(jmp_imm(BPF_JNE, kR4, '.', 0)));
  size_t two = jump_here(jmp_imm(BPF_JNE, kR0, 1, 0));
  emit(load64(kR2, kR1, kPathN0));  // "."
  emit(store64(kR1, kPathN, kR2));
  next.push_back(jump_here(ja(0)));
  land(two);
  push.push_back(jump_here(jmp_imm(BPF_JNE, kR0, 2, 0)));
  push.push_back(jump_here(jmp_imm(BPF_JNE, kR5, '.', 0)));
  emit(load64(kR2, kR1, kPathN0));  // ".."
  emit(store64(kR1, kPathN, kR2));
  path_pop();
  next.push_back(jump_here(ja(0)));
  for (size_t j : push) land(j);
  emit(load64(kR4, kR1, kPathDepth));
  emit(mov_reg(kR3, kR4));
  emit(alu_imm(BPF_AND, kR3, kPathIdx));
  emit(alu_imm(BPF_LSH, kR3, 2));
  emit(alu_reg(BPF_ADD, kR3, kR1));
  emit(load64(kR5, kR1, kPathStart));
  emit(make(BPF_STX | BPF_MEM | BPF_W, kR3, kR5, kPathStack, 0));
  emit(alu_imm(BPF_ADD, kR4, 1));
  emit(store64(kR1, kPathDepth, kR4));
  for (size_t j : next) land(j);
  emit(load64(kR0, kFp, kSubB));
  emit(alu_imm(BPF_ADD, kR0, 1));
  emit(store64(kFp, kSubB, kR0));
  emit(jmp_imm(BPF_JLT, kR0, size,
               static_cast<int16_t>(static_cast<int64_t>(top) - static_cast<int64_t>(out_.size()) - 1)));

  // Nothing left of a string: "."; then keep_tail(): the input's
  // trailing "/." or "/" (while n + 2 < strsize, always).
  emit(load64(kR1, kFp, kSubD));
  emit(load64(kR2, kR1, kPathN));
  emit(load64(kR3, kR1, kPathSrcLen));
  size_t some = jump_here(jmp_imm(BPF_JNE, kR2, 0, 0));
  size_t empty = jump_here(jmp_imm(BPF_JEQ, kR3, 0, 0));
  emit(make(BPF_ST | BPF_MEM | BPF_B, kR1, 0, kPathOut, '.'));
  emit(store64_imm(kR1, kPathN, 1));
  land(some);
  std::vector<size_t> end;
  emit(load64(kR2, kR1, kPathN));
  emit(alu_imm(BPF_ADD, kR2, 2));
  end.push_back(jump_here(jmp_imm(BPF_JGE, kR2, size, 0)));
  emit(load64(kR2, kR1, kPathSrcLen));
  end.push_back(jump_here(jmp_imm(BPF_JEQ, kR2, 0, 0)));
  emit(alu_imm(BPF_SUB, kR2, 1));
  path_at(kR2);
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR4, kR3, 0, 0));  // p[len - 1]
  size_t not_dot = jump_here(jmp_imm(BPF_JNE, kR4, '.', 0));
  size_t short_ = jump_here(jmp_imm(BPF_JEQ, kR2, 0, 0));
  emit(alu_imm(BPF_SUB, kR2, 1));
  path_at(kR2);
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR4, kR3, 0, 0));  // p[len - 2]
  end.push_back(jump_here(jmp_imm(BPF_JNE, kR4, '/', 0)));
  path_sep();  // "/."
  emit(load64(kR2, kR1, kPathN));
  path_at(kR2);
  emit(make(BPF_ST | BPF_MEM | BPF_B, kR3, 0, kPathOut, '.'));
  emit(alu_imm(BPF_ADD, kR2, 1));
  emit(store64(kR1, kPathN, kR2));
  end.push_back(jump_here(ja(0)));
  land(not_dot);
  end.push_back(jump_here(jmp_imm(BPF_JNE, kR4, '/', 0)));
  path_sep();  // "/"
  land(short_);
  for (size_t j : end) land(j);
  land(empty);
  emit(load64(kR1, kFp, kSubD));  // the NUL
  emit(load64(kR2, kR1, kPathN));
  path_at(kR2);
  emit(make(BPF_ST | BPF_MEM | BPF_B, kR3, 0, kPathOut, 0));

  // The result where copy() was, keeping its words only.
  emit(load64(kR1, kFp, kSubC));
  emit(store64(kFp, kSubP, kR1));
  keep_from_element(kPathOut, rd);
}

}  // namespace dtrace::bpf::detail

namespace dtrace::bpf::detail {

namespace {
constexpr int16_t kPartEnd = static_cast<int16_t>(kLoopWords);  // the module's end
constexpr int16_t kPartSlash = kPartEnd + 8;                    // its slash (-1: none)
constexpr int16_t kPartDir = kPartEnd + 16;                     // dirname()'s length
}  // namespace

// A loop over the string's bytes i < strsize (R2 i, R3 the byte, R4
// whether i < the word at below: 1 or 0), without branches on the data;
// body() updates the words, R1 the element.
void Translator::part_loop(int16_t below, const std::function<void()>& body) {
  int32_t size = static_cast<int32_t>(s_->strsize);
  emit(mov_imm(kR2, 0));
  size_t top = out_.size();
  emit(load64(kR1, kFp, kSubD));
  emit(mov_reg(kR3, kR2));
  emit(alu_imm(BPF_AND, kR3, kPathIdx));
  emit(alu_reg(BPF_ADD, kR3, kR1));
  emit(make(BPF_LDX | BPF_MEM | BPF_B, kR3, kR3, 0, 0));
  emit(mov_reg(kR4, kR2));
  emit(load64(kR5, kR1, below));
  emit(alu_reg(BPF_SUB, kR4, kR5));
  emit(alu_imm(BPF_RSH, kR4, 63));
  body();
  emit(alu_imm(BPF_ADD, kR2, 1));
  emit(jmp_imm(BPF_JLT, kR2, size,
               static_cast<int16_t>(static_cast<int64_t>(top) - static_cast<int64_t>(out_.size()) - 1)));
}

// The word at w = R2 where R0 (1 or 0) holds, else kept; R5 clobbered.
void Translator::part_take_if(int16_t w) {
  emit(load64(kR3, kR1, w));  // w + R0 * (R2 - w)
  emit(mov_reg(kR5, kR2));
  emit(alu_reg(BPF_SUB, kR5, kR3));
  emit(alu_reg(BPF_MUL, kR5, kR0));
  emit(alu_reg(BPF_ADD, kR3, kR5));
  emit(store64(kR1, w, kR3));
}

// basename(s), dirname(s), as the module's pathpart(): "." for "",
// trailing slashes dropped, the part after (before) the last slash
// ("/" for the root's, "." for none). Its scratch as the module's.
void Translator::pathpart(uint32_t pc, unsigned rd, bool dir) {
  int32_t size = static_cast<int32_t>(s_->strsize);
  auto not_slash = [&] {  // R0 = R3 is not '/'
    emit(mov_reg(kR0, kR3));
    emit(alu_imm(BPF_XOR, kR0, '/'));
    emit(alu_imm(BPF_SUB, kR0, 1));
    emit(alu_imm(BPF_RSH, kR0, 63));
    emit(alu_imm(BPF_XOR, kR0, 1));
  };
  // w = 1 + the last byte not a slash before the word at below, or 0.
  auto past_last_not_slash = [&](int16_t below, int16_t w) {
    emit(load64(kR1, kFp, kSubD));
    emit(store64_imm(kR1, w, 0));
    part_loop(below, [&] {
      not_slash();
      emit(alu_reg(BPF_AND, kR0, kR4));
      emit(alu_imm(BPF_ADD, kR2, 1));
      part_take_if(w);
      emit(alu_imm(BPF_SUB, kR2, 1));
    });
  };
  path_input(pc);
  past_last_not_slash(kPathSrcLen, kPartEnd);  // end (at least 1)
  emit(load64(kR1, kFp, kSubD));
  emit(load64(kR0, kR1, kPartEnd));
  emit(jmp_imm(BPF_JNE, kR0, 0, 1));
  emit(store64_imm(kR1, kPartEnd, 1));
  // slash = the last '/' before end, -1 for none
  emit(store64_imm(kR1, kPartSlash, -1));
  part_loop(kPartEnd, [&] {
    not_slash();
    emit(alu_imm(BPF_XOR, kR0, 1));
    emit(alu_reg(BPF_AND, kR0, kR4));
    part_take_if(kPartSlash);
  });
  past_last_not_slash(kPartSlash, kPartDir);  // dirname's (at least 1)
  // from, bytes (R2, R3); "." for "" and dirname's without a slash
  emit(load64(kR1, kFp, kSubD));
  std::vector<size_t> copy, dot;
  emit(load64(kR0, kR1, kPathSrcLen));
  dot.push_back(jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0)));
  emit(load64(kR4, kR1, kPartSlash));
  emit(load64(kR5, kR1, kPartEnd));
  if (dir) {
    dot.push_back(jump_here(jmp_imm(BPF_JSLT, kR4, 0, 0)));
    emit(mov_imm(kR2, 0));
    emit(load64(kR3, kR1, kPartDir));
    emit(jmp_imm(BPF_JNE, kR3, 0, 1));
    emit(mov_imm(kR3, 1));
  } else {
    emit(mov_reg(kR2, kR4));  // the root's "/": slash -1
    emit(jmp_imm(BPF_JNE, kR5, 1, 3));
    emit(make(BPF_LDX | BPF_MEM | BPF_B, kR0, kR1, 0, 0));
    emit(jmp_imm(BPF_JNE, kR0, '/', 1));
    emit(mov_imm(kR2, -1));
    emit(alu_imm(BPF_ADD, kR2, 1));
    emit(mov_reg(kR3, kR5));
    emit(alu_reg(BPF_SUB, kR3, kR2));
  }
  copy.push_back(jump_here(ja(0)));
  for (size_t j : dot) land(j);
  emit(load64(kR1, kFp, kSubD));  // "." over the string's copy
  emit(make(BPF_ST | BPF_MEM | BPF_B, kR1, 0, 0, '.'));
  emit(mov_imm(kR2, 0));
  emit(mov_imm(kR3, 1));
  for (size_t j : copy) land(j);
  emit(alu_imm(BPF_AND, kR2, kPathIdx));  // into the first take, zeroed
  emit(store64(kFp, kSubB, kR2));
  emit(load64(kR1, kFp, kSubC));
  emit(store64(kFp, kSubP, kR1));
  emit(jmp_imm(BPF_JLE, kR3, size - 1, 1));
  emit(mov_imm(kR3, size - 1));
  emit(store64(kFp, kSubN, kR3));
  emit(load64(kR3, kFp, kSubB));
  emit(load64(kR4, kFp, kSubD));
  emit(alu_reg(BPF_ADD, kR3, kR4));
  scratch_at(0);  // R3 kept
  emit(load64(kR2, kFp, kSubN));
  emit(call(BPF_FUNC_probe_read_kernel));
  emit(load64(kR0, kFp, kSubN));
  keep_string(rd);
}

}  // namespace dtrace::bpf::detail
