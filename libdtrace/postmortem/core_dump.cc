#include "postmortem/core_dump.h"

#include <elf.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <sys/mman.h>
#include <sys/procfs.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstring>

namespace dtrace::postmortem {
namespace {

// NT_FILE entries believed (doc/limits.md): the kernel's own cap on a
// dump's mappings is 2^16 (max_map_count's default), gdb's none.
constexpr size_t kMaxFiles = 1u << 20;

template <typename T>
bool take(const uint8_t* p, size_t size, T* out) {
  if (size < sizeof(T)) return false;
  std::memcpy(out, p, sizeof(T));
  return true;
}

uint64_t timeval_ns(const struct timeval& tv) {
  return static_cast<uint64_t>(tv.tv_sec) * 1000000000u + static_cast<uint64_t>(tv.tv_usec) * 1000u;
}

// uregs[] from elf_gregset_t: pt_regs' 21 words, then ds, es, fs, gs
// (user_regs_struct has fs_base and gs_base between).
void take_regs(const elf_gregset_t& g, uint64_t* regs) {
  for (uint32_t i = 0; i < 21; i++) regs[i] = static_cast<uint64_t>(g[i]);
  for (uint32_t i = 21; i < kCoreRegs; i++) regs[i] = static_cast<uint64_t>(g[i + 2]);
}

// NT_FILE: count, page size, count (start, end, page offset), then the names.
std::vector<MappedFile> parse_files(const uint8_t* p, size_t size) {
  std::vector<MappedFile> out;
  uint64_t hdr[2];
  if (!take(p, size, &hdr) || hdr[0] > kMaxFiles || (size - 16) / 24 < hdr[0]) return out;
  const uint8_t* names = p + 16 + 24 * hdr[0];
  const uint8_t* end = p + size;
  for (uint64_t i = 0; i < hdr[0]; i++) {
    uint64_t e[3];
    std::memcpy(e, p + 16 + 24 * i, sizeof e);
    const void* nul = std::memchr(names, 0, static_cast<size_t>(end - names));
    if (nul == nullptr) break;
    out.push_back({e[0], e[1], e[2] * hdr[1], std::string(reinterpret_cast<const char*>(names))});
    names = static_cast<const uint8_t*>(nul) + 1;
  }
  return out;
}

}  // namespace

Status CoreDump::read_notes(const uint8_t* data, size_t size) {
  size_t off = 0;
  while (off + sizeof(Elf64_Nhdr) <= size) {
    Elf64_Nhdr n;
    std::memcpy(&n, data + off, sizeof n);
    size_t name_at = off + sizeof n, desc_at = name_at + ((n.n_namesz + 3) & ~3u);
    if (desc_at > size || n.n_descsz > size - desc_at) return make_error("a note runs past its segment");
    const uint8_t* desc = data + desc_at;
    off = desc_at + ((n.n_descsz + 3) & ~3u);
    if (n.n_type == NT_PRSTATUS) {
      struct elf_prstatus st;
      if (!take(desc, n.n_descsz, &st)) continue;
      CoreThread t;
      t.tid = static_cast<uint64_t>(st.pr_pid);
      t.signal = st.pr_cursig;
      take_regs(st.pr_reg, t.regs);
      t.vtime = timeval_ns(st.pr_utime) + timeval_ns(st.pr_stime);
      if (threads_.empty()) {
        process_.ppid = static_cast<uint64_t>(st.pr_ppid);
        process_.pgid = static_cast<uint64_t>(st.pr_pgrp);
        process_.sid = static_cast<uint64_t>(st.pr_sid);
      }
      threads_.push_back(t);
    } else if (n.n_type == NT_PRPSINFO) {
      struct elf_prpsinfo ps;
      if (!take(desc, n.n_descsz, &ps)) continue;
      process_.pid = static_cast<uint64_t>(ps.pr_pid);
      process_.uid = ps.pr_uid;
      process_.gid = ps.pr_gid;
      process_.comm.assign(ps.pr_fname, strnlen(ps.pr_fname, sizeof ps.pr_fname));
    } else if (n.n_type == NT_SIGINFO && !fault_) {
      siginfo_t si;
      if (!take(desc, n.n_descsz, &si) || si.si_signo == 0) continue;
      fault_ = CoreFault{si.si_signo, si.si_code, reinterpret_cast<uintptr_t>(si.si_addr),
                         threads_.empty() ? 0 : threads_.size() - 1};
    } else if (n.n_type == NT_FILE) {
      files_ = parse_files(desc, n.n_descsz);
    } else if (n.n_type == NT_AUXV) {
      auxv_.resize(n.n_descsz / 8);
      std::memcpy(auxv_.data(), desc, auxv_.size() * 8);
    }
  }
  return Ok{};
}

// The thread the signal was for: the one taking it, else the one whose
// notes held NT_SIGINFO (the kernel writes the dumping thread's first).
void CoreDump::find_fault_thread() {
  if (!fault_) return;
  for (size_t i = 0; i < threads_.size(); i++)
    if (threads_[i].signal == fault_->signal) {
      fault_->thread = i;
      return;
    }
}

// The file mapped at AT_ENTRY is the executable, unless the caller names
// it (-x coreexe); either way it must be there to be read.
Status CoreDump::find_executable(const std::string& given) {
  uint64_t entry = 0;
  for (size_t i = 0; i + 1 < auxv_.size(); i += 2)
    if (auxv_[i] == AT_ENTRY) entry = auxv_[i + 1];
  const std::vector<MappedFile>& files = memory_->files();
  std::string dumped;
  for (size_t i = 0; i < files.size(); i++) {
    if (entry < files[i].start || entry >= files[i].end) continue;
    dumped = files[i].path;
    for (size_t j = 0; j < files.size(); j++)
      if (!given.empty() && files[j].path == dumped) memory_->relocate(j, given);
    break;
  }
  exe_ = given.empty() ? dumped : given;
  if (exe_.empty()) return make_error("the core names no executable: give its path with -x coreexe=PATH");
  if (::access(exe_.c_str(), R_OK) != 0)
    return make_error("cannot read the executable " + exe_ + ": " + std::strerror(errno) +
                      (given.empty() ? " (give its path with -x coreexe=PATH)" : ""));
  return Ok{};
}

CoreDump::~CoreDump() {
  if (map_ != nullptr) munmap(map_, map_size_);
}

Result<std::shared_ptr<CoreDump>> CoreDump::open(const std::string& path, const std::string& exe) {
  auto fail = [&path](const std::string& why) {
    return make_error("cannot read core file " + path + ": " + why);
  };
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return fail(std::strerror(errno));
  struct stat sb {};
  std::shared_ptr<CoreDump> c(new CoreDump);
  c->path_ = path;
  if (fstat(fd, &sb) == 0 && sb.st_size > 0) {
    c->map_size_ = static_cast<size_t>(sb.st_size);
    void* m = mmap(nullptr, c->map_size_, PROT_READ, MAP_PRIVATE, fd, 0);
    c->map_ = m == MAP_FAILED ? nullptr : m;
    // Read in words here and there: readahead would fill the page cache
    // with the zeros of every sparse 8 MiB thread stack around them.
    if (c->map_ != nullptr) madvise(c->map_, c->map_size_, MADV_RANDOM);
  }
  ::close(fd);
  if (c->map_ == nullptr) return fail("it is empty or cannot be mapped");
  elf_version(EV_CURRENT);
  std::unique_ptr<Elf, int (*)(Elf*)> elf(elf_memory(static_cast<char*>(c->map_), c->map_size_), elf_end);
  GElf_Ehdr eh;
  if (!elf || elf_kind(elf.get()) != ELF_K_ELF || gelf_getehdr(elf.get(), &eh) == nullptr)
    return fail("not ELF");
  if (eh.e_type != ET_CORE) return fail("not a core file");
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_X86_64)
    return fail("only x86-64 cores can be read");
  size_t nph = 0;
  elf_getphdrnum(elf.get(), &nph);
  std::vector<Segment> segs;
  const auto* base = static_cast<const uint8_t*>(c->map_);
  for (size_t i = 0; i < nph; i++) {
    GElf_Phdr ph;
    if (gelf_getphdr(elf.get(), static_cast<int>(i), &ph) == nullptr) continue;
    if (ph.p_offset > c->map_size_ || ph.p_filesz > c->map_size_ - ph.p_offset)
      return fail("a segment runs past the end of the file (a truncated dump)");
    if (ph.p_type == PT_LOAD) segs.push_back({ph.p_vaddr, ph.p_memsz, ph.p_offset, ph.p_filesz});
    if (ph.p_type == PT_NOTE)
      if (Status st = c->read_notes(base + ph.p_offset, ph.p_filesz); !st) return fail(st.error().message);
  }
  if (c->threads_.empty()) return fail("it holds no thread (no NT_PRSTATUS note)");
  c->find_fault_thread();
  c->memory_ = std::make_unique<CoreMemory>(base, c->map_size_, std::move(segs), std::move(c->files_));
  if (Status st = c->find_executable(exe); !st) return st.error();
  return c;
}

}  // namespace dtrace::postmortem
