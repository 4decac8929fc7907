#include "consume/ustack_unwind.h"

#include <elfutils/libdwfl.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <list>
#include <memory>
#include <string>

namespace dtrace::consume {

namespace {

// What the callbacks read while one stack is unwound.
struct Current {
  pid_t pid = 0;
  UserRegs regs;
  std::span<const uint8_t> stack;
};

// x86-64 DWARF register numbers (psABI): rbp 6, rsp 7.
constexpr int kDwarfFp = 6;
constexpr int kDwarfSp = 7;

pid_t next_thread(Dwfl*, void* arg, void** thread_arg) {
  auto* cur = static_cast<Current*>(arg);
  if (*thread_arg != nullptr) return 0;
  *thread_arg = arg;
  return cur->pid;
}

bool get_thread(Dwfl*, pid_t, void* arg, void** thread_arg) {
  *thread_arg = arg;
  return true;
}

// The stack comes from the copy only: past it the walk ends.
bool memory_read(Dwfl*, Dwarf_Addr addr, Dwarf_Word* result, void* arg) {
  auto* cur = static_cast<Current*>(arg);
  if (addr < cur->regs.sp || addr - cur->regs.sp > cur->stack.size() ||
      cur->stack.size() - (addr - cur->regs.sp) < sizeof(Dwarf_Word))
    return false;
  std::memcpy(result, cur->stack.data() + (addr - cur->regs.sp), sizeof(Dwarf_Word));
  return true;
}

bool set_initial_registers(Dwfl_Thread* thread, void* arg) {
  auto* cur = static_cast<Current*>(arg);
  Dwarf_Word fp_sp[2] = {cur->regs.fp, cur->regs.sp};
  if (!dwfl_thread_state_registers(thread, kDwarfFp, 2, fp_sp)) return false;
  dwfl_thread_state_register_pc(thread, cur->regs.pc);
  return true;
}

const Dwfl_Thread_Callbacks kThreadCallbacks = {next_thread,           get_thread, memory_read,
                                                set_initial_registers, nullptr,    nullptr};

char* debuginfo_path = nullptr;
const Dwfl_Callbacks kProcCallbacks = {dwfl_linux_proc_find_elf, dwfl_standard_find_debuginfo, nullptr,
                                       &debuginfo_path};

struct DwflDeleter {
  void operator()(Dwfl* d) const { dwfl_end(d); }
};

// One process's objects, reported once; its Current is what the
// thread callbacks see, so it lives as long as the Dwfl.
struct ProcessDwfl {
  pid_t pid = 0;
  std::chrono::steady_clock::time_point read_at = std::chrono::steady_clock::now();
  std::unique_ptr<Current> cur = std::make_unique<Current>();
  std::unique_ptr<Dwfl, DwflDeleter> dwfl;
  bool pinned = false;  // a target: never evicted
};

std::string read_maps(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/maps");
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::unique_ptr<Dwfl, DwflDeleter> report_process(pid_t pid, Current* cur) {
  std::string maps = read_maps(pid);
  if (maps.empty()) return nullptr;
  std::unique_ptr<Dwfl, DwflDeleter> d(dwfl_begin(&kProcCallbacks));
  if (!d) return nullptr;
  FILE* f = fmemopen(maps.data(), maps.size(), "r");
  if (f == nullptr) return nullptr;
  dwfl_report_begin(d.get());
  int err = dwfl_linux_proc_maps_report(d.get(), f);
  std::fclose(f);
  if (dwfl_report_end(d.get(), nullptr, nullptr) != 0 || err != 0) return nullptr;
  cur->pid = pid;
  if (!dwfl_attach_state(d.get(), nullptr, pid, &kThreadCallbacks, cur)) return nullptr;
  return d;
}

// The processes unwound lately, most recent first (a bounded cache:
// reporting a process's objects is the costly part), and the targets.
constexpr size_t kCachedProcesses = 16;
using ProcessList = std::list<ProcessDwfl>;

// Drops the least recently used process that is not a target.
void evict(ProcessList& cache) {
  size_t unpinned = 0;
  for (const ProcessDwfl& p : cache) unpinned += !p.pinned;
  if (unpinned <= kCachedProcesses) return;
  for (auto it = cache.end(); it != cache.begin();) {
    if (!(--it)->pinned) {
      cache.erase(it);
      return;
    }
  }
}

// A pc in no object the process had when it was read (dlopen() since,
// an exec): its maps are read again, at most once a second (JIT code
// lies in no object at all).
bool stale(const ProcessDwfl& p, uint64_t pc) {
  if (p.dwfl && dwfl_addrmodule(p.dwfl.get(), pc) != nullptr) return false;
  return std::chrono::steady_clock::now() - p.read_at > std::chrono::seconds(1);
}

ProcessDwfl read_process(pid_t pid) {
  ProcessDwfl p;
  p.pid = pid;
  p.dwfl = report_process(pid, p.cur.get());
  return p;
}

ProcessDwfl* process_dwfl(ProcessList& cache, pid_t pid, uint64_t pc) {
  auto it = cache.begin();
  while (it != cache.end() && it->pid != pid) ++it;
  if (it == cache.end()) {
    cache.push_front(read_process(pid));
    evict(cache);
  } else {
    cache.splice(cache.begin(), cache, it);
    if (stale(cache.front(), pc)) {  // kept as it was if the process is gone
      ProcessDwfl again = read_process(pid);
      again.pinned = cache.front().pinned;
      if (again.dwfl) cache.front() = std::move(again);
      cache.front().read_at = std::chrono::steady_clock::now();
    }
  }
  return cache.front().dwfl ? &cache.front() : nullptr;
}

struct Walk {
  std::vector<uint64_t> pcs;
  uint32_t max = 0;
};

int frame_cb(Dwfl_Frame* frame, void* arg) {
  auto* w = static_cast<Walk*>(arg);
  Dwarf_Addr pc;
  if (!dwfl_frame_pc(frame, &pc, nullptr) || pc == 0) return DWARF_CB_ABORT;
  w->pcs.push_back(pc);
  return w->pcs.size() < w->max ? DWARF_CB_OK : DWARF_CB_ABORT;
}

}  // namespace

struct Unwinder::Processes {
  ProcessList list;
};

Unwinder::Unwinder() : processes_(std::make_unique<Processes>()) {}

Unwinder::~Unwinder() = default;

void Unwinder::remember(pid_t pid) {
  ProcessList& cache = processes_->list;
  for (ProcessDwfl& p : cache) {
    if (p.pid == pid) {
      p.pinned = true;
      return;
    }
  }
  cache.push_front(read_process(pid));
  cache.front().pinned = true;
}

std::vector<uint64_t> Unwinder::unwind(pid_t pid, const UserRegs& regs, std::span<const uint8_t> stack,
                                       uint32_t max) {
  Walk w;
  w.max = max;
  ProcessDwfl* p = max == 0 ? nullptr : process_dwfl(processes_->list, pid, regs.pc);
  if (p == nullptr) return {};
  p->cur->regs = regs;
  p->cur->stack = stack;
  dwfl_getthread_frames(p->dwfl.get(), pid, frame_cb, &w);  // an error ends the chain where it is
  p->cur->stack = {};
  return w.pcs;
}

}  // namespace dtrace::consume
