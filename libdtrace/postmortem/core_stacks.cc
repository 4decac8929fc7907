#include "postmortem/core_stacks.h"

#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <libelf.h>
#include <unistd.h>

#include <memory>

namespace dtrace::postmortem {
namespace {

char* debuginfo_path = nullptr;
const Dwfl_Callbacks kCoreCallbacks = {dwfl_build_id_find_elf, dwfl_standard_find_debuginfo, nullptr,
                                       &debuginfo_path};

int frame_cb(Dwfl_Frame* frame, void* arg) {
  auto* pcs = static_cast<std::vector<uint64_t>*>(arg);
  Dwarf_Addr pc;
  if (!dwfl_frame_pc(frame, &pc, nullptr) || pc == 0) return DWARF_CB_ABORT;
  pcs->push_back(pc);
  return pcs->size() < kMaxCoreFrames ? DWARF_CB_OK : DWARF_CB_ABORT;
}

struct Closer {
  int fd;
  ~Closer() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::map<uint64_t, std::vector<uint64_t>> unwind_threads(const CoreDump& dump) {
  std::map<uint64_t, std::vector<uint64_t>> out;
  for (const CoreThread& t : dump.threads()) out[t.tid] = {t.regs[16]};  // R_RIP
  Closer fd{::open(dump.path().c_str(), O_RDONLY | O_CLOEXEC)};
  if (fd.fd < 0) return out;
  elf_version(EV_CURRENT);
  std::unique_ptr<Elf, int (*)(Elf*)> elf(elf_begin(fd.fd, ELF_C_READ_MMAP, nullptr), elf_end);
  std::unique_ptr<Dwfl, void (*)(Dwfl*)> dwfl(dwfl_begin(&kCoreCallbacks), dwfl_end);
  if (!elf || !dwfl) return out;
  dwfl_report_begin(dwfl.get());
  int n = dwfl_core_file_report(dwfl.get(), elf.get(), dump.executable().c_str());
  if (dwfl_report_end(dwfl.get(), nullptr, nullptr) != 0 || n < 0) return out;
  if (dwfl_core_file_attach(dwfl.get(), elf.get()) < 0) return out;
  for (auto& [tid, pcs] : out) {
    std::vector<uint64_t> walked;
    // An error ends the chain where it is; an empty one keeps the pc.
    dwfl_getthread_frames(dwfl.get(), static_cast<pid_t>(tid), frame_cb, &walked);
    if (!walked.empty()) pcs = std::move(walked);
  }
  return out;
}

}  // namespace dtrace::postmortem
