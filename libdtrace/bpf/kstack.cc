#include "bpf/kstack.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "bpf/builder.h"
#include "bpf/frame.h"
#include "bpf/insn.h"

namespace dtrace::bpf {

void KernelText::load() {
  if (loaded_) return;
  loaded_ = true;
  std::ifstream in("/proc/kallsyms");
  std::string line;
  while (std::getline(in, line)) {
    if (line.find('[') != std::string::npos) continue;  // a module's
    std::istringstream ls(line);
    std::string addr, type, name;
    if (!(ls >> addr >> type >> name) || type.size() != 1) continue;
    uint64_t a = std::stoull(addr, nullptr, 16);
    if (a == 0) continue;  // kallsyms hides addresses from the unprivileged
    if (name == "_stext") stext_ = a;
    if (name == "_etext") etext_ = a;
    if (type[0] != 't' && type[0] != 'T') continue;
    starts_.push_back(a);
    named_.emplace(name, a);  // the first of a name
  }
  std::sort(starts_.begin(), starts_.end());
  for (const auto& [name, a] : named_)
    if (name.starts_with("bpf_trace_run") || name == "__bpf_trace_run") run_.push_back(range(name));
  // Functions next to each other in the text are one range.
  std::sort(run_.begin(), run_.end());
  std::vector<std::pair<uint64_t, uint64_t>> merged;
  for (const auto& r : run_) {
    if (!merged.empty() && merged.back().second == r.first) merged.back().second = r.second;
    else merged.push_back(r);
  }
  run_ = std::move(merged);
}

std::pair<uint64_t, uint64_t> KernelText::range(const std::string& name) const {
  auto it = named_.find(name);
  if (it == named_.end()) return {0, 0};
  auto next = std::upper_bound(starts_.begin(), starts_.end(), it->second);
  return {it->second, next == starts_.end() ? it->second + 1 : *next};
}

StackSkip KernelText::base() {
  load();
  StackSkip s;
  s.ctx_regs = false;
  s.text_lo = stext_;
  s.text_hi = etext_ != 0 ? etext_ : UINT64_MAX;
  return s;
}

StackSkip KernelText::syscall_prog() { return base(); }

StackSkip KernelText::tracepoint(const std::string& tp) {
  StackSkip s = base();
  s.mech = run_;
  if (auto r = range("__bpf_trace_" + tp); r.first != 0) s.mech.push_back(r);
  return s;
}

StackSkip KernelText::fbt(const std::string& fn) {
  StackSkip s = base();
  s.entry = range(fn).first;
  return s;
}

std::vector<bpf_insn> stack_skip_code(const StackSkip& s, uint8_t frame) {
  Builder b;
  if (s.ctx_regs) {
    b.emit(mov_imm(kR4, static_cast<int32_t>(s.ctx_skip)));
    return std::move(b.code);
  }
  b.emit(load64(kR1, kFp, kCtxSlot));
  b.emit(mov_reg(kR2, frame));
  b.emit(alu_imm(BPF_ADD, kR2, kFrameStk));
  b.emit(mov_imm(kR3, 8 * kStackProbe));
  b.emit(mov_imm(kR4, 0));
  b.emit(call(BPF_FUNC_get_stack));
  size_t found = b.new_label();
  for (uint32_t i = 0; i < kStackProbe; i++) {
    size_t next = b.new_label();
    b.emit(load64(kR1, frame, static_cast<int16_t>(kFrameStk + 8 * i)));
    b.emit_ld64(kR2, s.text_lo);
    b.jump_reg(BPF_JLT, kR1, kR2, next);
    b.emit_ld64(kR2, s.text_hi);
    b.jump_reg(BPF_JGE, kR1, kR2, next);
    for (const auto& [lo, hi] : s.mech) {
      size_t outside = b.new_label();
      b.emit_ld64(kR2, lo);
      b.jump_reg(BPF_JLT, kR1, kR2, outside);
      b.emit_ld64(kR2, hi);
      b.jump_reg(BPF_JLT, kR1, kR2, next);
      b.bind(outside);
    }
    b.emit(mov_imm(kR4, static_cast<int32_t>(i)));
    if (s.entry != 0) {
      b.emit_ld64(kR2, s.entry);
      b.jump_reg(BPF_JLT, kR1, kR2, found);
      b.emit(alu_imm(BPF_ADD, kR2, 16));
      b.jump_reg(BPF_JGE, kR1, kR2, found);
      b.emit(mov_imm(kR4, static_cast<int32_t>(i + 1)));
    }
    b.jump(BPF_JA, 0, 0, found);
    b.bind(next);
  }
  b.emit(mov_imm(kR4, static_cast<int32_t>(kStackProbe)));
  b.bind(found);
  b.emit(mov_imm(kR0, 0));  // a label at the end needs an instruction
  (void)b.resolve();
  return std::move(b.code);
}

}  // namespace dtrace::bpf
