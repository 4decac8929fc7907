#include "postmortem/core_stacks.h"

#include <elfutils/libdwfl.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <unordered_map>

namespace dtrace::postmortem {
namespace {

// The objects are the files NT_FILE names, each reported once over the
// addresses it spans, as the live unwinder reports /proc/PID/maps'. Not
// dwfl_core_file_report: it looks for ELF headers at the start of every
// segment (a dump has one a thread stack, and one a guard page), which
// read megabytes of each 8 MiB stack and held a 1,000-thread dump for
// seconds (doc/postmortem.md).
int find_elf(Dwfl_Module*, void**, const char* name, Dwarf_Addr, char** file_name, Elf** elfp) {
  *elfp = nullptr;
  int fd = open_mapped_file(name);
  if (fd >= 0) *file_name = ::strdup(name);
  return fd;
}

char* debuginfo_path = nullptr;
const Dwfl_Callbacks kCoreCallbacks = {find_elf, dwfl_standard_find_debuginfo, nullptr, &debuginfo_path};

// What libdwfl's thread callbacks read: the dump, and its threads by tid.
struct Walk {
  const CoreDump* dump;
  std::unordered_map<uint64_t, const CoreThread*> by_tid;
};

pid_t next_thread(Dwfl*, void* arg, void** thread_arg) {
  auto* w = static_cast<Walk*>(arg);
  const auto& threads = w->dump->threads();
  size_t next = *thread_arg == nullptr ? 0 : static_cast<const CoreThread*>(*thread_arg) - threads.data() + 1;
  if (next >= threads.size()) return 0;
  *thread_arg = const_cast<CoreThread*>(&threads[next]);
  return static_cast<pid_t>(threads[next].tid);
}

bool get_thread(Dwfl*, pid_t tid, void* arg, void** thread_arg) {
  auto* w = static_cast<Walk*>(arg);
  auto it = w->by_tid.find(static_cast<uint64_t>(tid));
  if (it == w->by_tid.end()) return false;
  *thread_arg = const_cast<CoreThread*>(it->second);
  return true;
}

bool memory_read(Dwfl*, Dwarf_Addr addr, Dwarf_Word* result, void* arg) {
  return static_cast<Walk*>(arg)->dump->memory().read(result, addr, sizeof *result) == 0;
}

// uregs[] (pt_regs' order) → DWARF's x86-64 numbering (psABI): rax rdx
// rcx rbx rsi rdi rbp rsp r8..r15, then the return address (rip).
constexpr int kPtRegsOfDwarf[17] = {10, 12, 11, 5, 13, 14, 4, 19, 9, 8, 7, 6, 3, 2, 1, 0, 16};

bool set_initial_registers(Dwfl_Thread* thread, void* thread_arg) {
  const auto* t = static_cast<const CoreThread*>(thread_arg);
  Dwarf_Word regs[17];
  for (int i = 0; i < 17; i++) regs[i] = t->regs[kPtRegsOfDwarf[i]];
  if (!dwfl_thread_state_registers(thread, 0, 17, regs)) return false;
  dwfl_thread_state_register_pc(thread, t->regs[16]);
  return true;
}

const Dwfl_Thread_Callbacks kThreadCallbacks = {next_thread,           get_thread, memory_read,
                                                set_initial_registers, nullptr,    nullptr};

// Each file once, over [lowest start, highest end) of its mappings.
bool report_files(Dwfl* dwfl, const std::vector<MappedFile>& files) {
  std::unordered_map<std::string, std::pair<uint64_t, uint64_t>> span;
  std::vector<const std::string*> order;
  for (const MappedFile& f : files) {
    auto [it, fresh] = span.try_emplace(f.path, f.start, f.end);
    if (fresh) order.push_back(&it->first);
    it->second.first = std::min(it->second.first, f.start);
    it->second.second = std::max(it->second.second, f.end);
  }
  dwfl_report_begin(dwfl);
  for (const std::string* path : order) {
    auto [lo, hi] = span[*path];
    dwfl_report_module(dwfl, path->c_str(), lo, hi);  // an overlap leaves that file out
  }
  return dwfl_report_end(dwfl, nullptr, nullptr) == 0;
}

int frame_cb(Dwfl_Frame* frame, void* arg) {
  auto* pcs = static_cast<std::vector<uint64_t>*>(arg);
  Dwarf_Addr pc;
  if (!dwfl_frame_pc(frame, &pc, nullptr) || pc == 0) return DWARF_CB_ABORT;
  pcs->push_back(pc);
  return pcs->size() < kMaxCoreFrames ? DWARF_CB_OK : DWARF_CB_ABORT;
}

}  // namespace

std::map<uint64_t, std::vector<uint64_t>> unwind_threads(const CoreDump& dump) {
  std::map<uint64_t, std::vector<uint64_t>> out;
  Walk walk{&dump, {}};
  for (const CoreThread& t : dump.threads()) {
    out[t.tid] = {t.regs[16]};  // R_RIP
    walk.by_tid.emplace(t.tid, &t);
  }
  std::unique_ptr<Dwfl, void (*)(Dwfl*)> dwfl(dwfl_begin(&kCoreCallbacks), dwfl_end);
  if (!dwfl || !report_files(dwfl.get(), dump.files())) return out;
  if (!dwfl_attach_state(dwfl.get(), nullptr, static_cast<pid_t>(dump.process().pid), &kThreadCallbacks,
                         &walk))
    return out;
  for (auto& [tid, pcs] : out) {
    std::vector<uint64_t> walked;
    // An error ends the chain where it is; an empty one keeps the pc.
    dwfl_getthread_frames(dwfl.get(), static_cast<pid_t>(tid), frame_cb, &walked);
    if (!walked.empty()) pcs = std::move(walked);
  }
  return out;
}

}  // namespace dtrace::postmortem
