#include "postmortem/device.h"

#include <cerrno>
#include <cstring>
#include <vector>

#include "kio/device_wrapper.h"
#include "postmortem/core_prov.h"
#include "postmortem/core_stacks.h"

extern "C" {
#include "user/inproc.h"
#include "user/port_user.h"
}

namespace dtrace::postmortem {
namespace {

int read_dump(void* arg, void* dst, uint64_t addr, size_t n) {
  return static_cast<const CoreMemory*>(arg)->read(dst, addr, n);
}

// While the device runs D, port_user.c's current task is one of the
// dump's threads; never this process's own.
class TaskScope {
 public:
  explicit TaskScope(const dtrace_user_task* t) { dtrace_user_set_task(t); }
  ~TaskScope() { dtrace_user_set_task(nullptr); }
  TaskScope(const TaskScope&) = delete;
  TaskScope& operator=(const TaskScope&) = delete;
};

class CoreDevice final : public kio::DeviceWrapper {
 public:
  CoreDevice(std::shared_ptr<const CoreDump> dump, dtrace_inproc* m, dtrace_inproc_file* f, dtpm_probes ids)
      : DeviceWrapper(kio::make_ioctl_device([f](unsigned long req, void* arg) {
          int r = dtrace_inproc_ioctl(f, req, arg);
          if (r < 0) {
            errno = -r;
            return -1;
          }
          return 0;
        })),
        dump_(std::move(dump)),
        m_(m),
        f_(f),
        ids_(ids) {
    stacks_ = unwind_threads(*dump_);
    for (const CoreThread& t : dump_->threads()) tasks_.push_back(task_of(t));
  }
  ~CoreDevice() override {
    reset_inner();
    dtrace_inproc_close(f_);
    dtrace_inproc_destroy(m_);
  }

  // BEGIN and END run as the thread that took the signal (the first
  // thread without one).
  Result<uint32_t> go() override {
    TaskScope scope(&tasks_[first_thread()]);
    auto cpu = inner().go();
    if (!cpu) return cpu;
    auto st = inner().status();
    if (!st) return st.error();
    if (!st->dtst_exiting) fire_all();
    fired_ = true;
    return cpu;
  }

  Result<uint32_t> stop() override {
    TaskScope scope(&tasks_[first_thread()]);
    return inner().stop();
  }

  // Once every thread has fired, the run is over, as when a -c target exits.
  Result<dtrace_status> status() override {
    auto st = inner().status();
    if (st && fired_) st->dtst_exiting = 1;
    return st;
  }

  Result<uint32_t> userprobe(dtrace_userprobe&, int* err) override {
    if (err) *err = EOPNOTSUPP;
    return make_error("pid and usdt probes do not fire on a core file");
  }

 private:
  size_t first_thread() const { return dump_->fault() ? dump_->fault()->thread : 0; }

  dtrace_user_task task_of(const CoreThread& t) {
    const CoreProcess& p = dump_->process();
    dtrace_user_task k{};
    k.pid = p.pid;
    k.tid = t.tid;
    k.ppid = p.ppid;
    k.pgid = p.pgid;
    k.sid = p.sid;
    k.uid = p.uid;
    k.gid = p.gid;
    k.vtime = t.vtime;
    std::strncpy(k.comm, p.comm.c_str(), sizeof k.comm - 1);
    k.regs = t.regs;
    k.nregs = kCoreRegs;
    const std::vector<uint64_t>& pcs = stacks_[t.tid];
    k.pcs = pcs.data();
    k.npcs = static_cast<uint32_t>(pcs.size());
    k.uload = read_dump;
    k.arg = const_cast<CoreMemory*>(&dump_->memory());
    return k;
  }

  void fire_all() {
    const auto& threads = dump_->threads();
    for (size_t i = 0; i < threads.size(); i++) {
      TaskScope scope(&tasks_[i]);
      dtpm_fire(dtrace_inproc_core(m_), ids_.thread, i, 0);
    }
    if (const auto& f = dump_->fault()) {
      TaskScope scope(&tasks_[f->thread]);
      dtpm_fire(dtrace_inproc_core(m_), ids_.fault, static_cast<uint64_t>(f->signal), f->addr);
    }
  }

  std::shared_ptr<const CoreDump> dump_;
  dtrace_inproc* m_;
  dtrace_inproc_file* f_;
  dtpm_probes ids_;
  std::map<uint64_t, std::vector<uint64_t>> stacks_;
  std::vector<dtrace_user_task> tasks_;
  bool fired_ = false;
};

}  // namespace

Result<std::unique_ptr<kio::Device>> open_core_device(std::shared_ptr<const CoreDump> dump) {
  dtrace_inproc* m = dtrace_inproc_create(1);
  if (m == nullptr) return make_error("cannot create the in-process dtrace core");
  dtpm_probes ids{};
  if (int err = dtpm_core_prov_init(dtrace_inproc_core(m), &ids); err != 0) {
    dtrace_inproc_destroy(m);
    return make_error(std::string("cannot register the core provider: ") + std::strerror(-err));
  }
  dtrace_inproc_file* f = dtrace_inproc_open(m);
  if (f == nullptr) {
    dtrace_inproc_destroy(m);
    return make_error("cannot create the in-process dtrace state");
  }
  return std::unique_ptr<kio::Device>(std::make_unique<CoreDevice>(std::move(dump), m, f, ids));
}

}  // namespace dtrace::postmortem
