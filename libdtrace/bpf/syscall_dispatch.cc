#include "bpf/syscall_dispatch.h"

#include <bpf/bpf.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "bpf/builder.h"
#include "bpf/probe_prog.h"

namespace dtrace::bpf {
namespace {

// The dispatcher of sys_enter or (ret) sys_exit: a tail call through
// table by the call's number, which falls through to the exit when the
// slot is empty or the number past its end (-1 too).
Result<std::vector<bpf_insn>> dispatcher(bool ret, int table) {
  Builder b;
  size_t out = b.new_label();
  b.emit(mov_reg(kR6, kR1));
  syscall_number(b, ret, out);
  b.emit(mov_reg(kR3, kR1));
  b.emit(mov_reg(kR1, kR6));
  b.emit_ld64(kR2, static_cast<uint64_t>(table), BPF_PSEUDO_MAP_FD);
  b.emit(call(BPF_FUNC_tail_call));
  b.bind(out);
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  if (Status st = b.resolve(); !st) return st.error();
  return std::move(b.code);
}

}  // namespace

Status SyscallDispatch::attach(std::vector<Fd>* events) {
  for (bool ret : {false, true})
    if (Status st = attach_side(ret, sides_[ret], events); !st) return st;
  return Ok{};
}

Status SyscallDispatch::attach_side(bool ret, Side& s, std::vector<Fd>* events) {
  const char* tp = ret ? "sys_exit" : "sys_enter";
  auto link = [&](int prog) { return attach_raw_tracepoint(tp, prog, events); };
  if (s.progs.empty()) return Ok{};
  if (s.progs.size() == 1) return link(s.progs.front().second);
  uint32_t size = 0;
  for (const auto& [nr, prog] : s.progs) size = std::max(size, nr + 1);
  if (s.table.get() < 0) {
    int fd =
        bpf_map_create(BPF_MAP_TYPE_PROG_ARRAY, ret ? "dt_sys_exit" : "dt_sys_enter", 4, 4, size, nullptr);
    if (fd < 0)
      return make_error(std::string("cannot create the bpf map of system calls: ") + std::strerror(-fd));
    s.table = Fd(fd);
    for (const auto& [nr, prog] : s.progs)
      if (bpf_map_update_elem(fd, &nr, &prog, BPF_ANY) != 0)
        return make_error(std::string("cannot add a system call's bpf program: ") + std::strerror(errno));
    auto code = dispatcher(ret, fd);
    if (!code) return code.error();
    auto d = load_program(*code, BPF_PROG_TYPE_RAW_TRACEPOINT);
    if (!d) return d.error();
    s.dispatcher = std::move(*d);
  }
  return link(s.dispatcher.get());
}

}  // namespace dtrace::bpf
