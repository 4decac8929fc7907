// KernelDevice: Device over the /dev/dtrace ioctls, or over any function
// with their convention (make_ioctl_device). The only file in libdtrace
// that issues ioctls; it owns the descriptor.
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <memory>
#include <utility>

#include "kio/device.h"
#include "kio/modprobe.h"
#include "kio/no_device.h"

namespace dtrace::kio {
namespace {

std::string kernel_release() {
  struct utsname u;
  return ::uname(&u) == 0 ? u.release : "";
}

Error errno_error(const char* what, int err) {
  return make_error(std::string(what) + ": " + std::strerror(err));
}

class KernelDevice final : public Device {
 public:
  explicit KernelDevice(int fd) : fd_(fd) {}
  explicit KernelDevice(IoctlFn fn) : fn_(std::move(fn)) {}
  ~KernelDevice() override {
    if (fd_ >= 0) ::close(fd_);
  }

  Result<dtrace_conf> conf() override {
    dtrace_conf c{};
    if (ioctl(DTRACEIOC_CONF, &c) != 0) {
      // Any user may open the device; tracing needs CAP_SYS_ADMIN, and
      // DTrace's words for that name no ioctl.
      if (errno == EPERM || errno == EACCES) return make_error("DTrace requires additional privileges");
      return errno_error("DTRACEIOC_CONF", errno);
    }
    return c;
  }

  Result<std::optional<dtrace_probedesc>> probe_match(const dtrace_probedesc& pattern,
                                                      uint32_t start) override {
    dtrace_probematch m{};
    m.dtpm_pattern = pattern;
    m.dtpm_start = start;
    if (ioctl(DTRACEIOC_PROBEMATCH, &m) != 0) {
      if (errno == ENOENT) return std::optional<dtrace_probedesc>();
      return errno_error("DTRACEIOC_PROBEMATCH", errno);
    }
    return std::optional<dtrace_probedesc>(m.dtpm_probe);
  }

  Result<dtrace_argdesc> probe_arg(uint32_t id, uint32_t ndx) override {
    dtrace_argdesc a{};
    a.dtargd_id = id;
    a.dtargd_ndx = ndx;
    if (ioctl(DTRACEIOC_PROBEARG, &a) != 0) return errno_error("DTRACEIOC_PROBEARG", errno);
    return a;
  }

  Result<EnableResult> enable(const std::vector<uint8_t>& prog, EnableFailure* failure) override {
    dtrace_enable e{};
    e.dten_prog = reinterpret_cast<uintptr_t>(prog.data());
    e.dten_size = prog.size();
    if (ioctl(DTRACEIOC_ENABLE, &e) != 0) {
      int err = errno;
      if (failure) *failure = EnableFailure{err, e};
      std::string msg = e.dten_msg[0] ? std::string(e.dten_msg, strnlen(e.dten_msg, sizeof e.dten_msg))
                                      : std::string(std::strerror(err));
      return make_error(msg);
    }
    return EnableResult{e.dten_nprobes};
  }

  Result<EpDesc> epdesc(uint32_t epid) override {
    return describe<dtrace_epdesc, EpDesc>(DTRACEIOC_EPDESC, "DTRACEIOC_EPDESC", epid);
  }

  Result<AggDesc> aggdesc(uint32_t aggid) override {
    return describe<dtrace_aggdesc, AggDesc>(DTRACEIOC_AGGDESC, "DTRACEIOC_AGGDESC", aggid);
  }

  Result<std::string> format(uint32_t id) override {
    std::vector<char> buf(256);
    for (;;) {
      dtrace_fmtdesc f{};
      f.dtfd_id = id;
      f.dtfd_string = reinterpret_cast<uintptr_t>(buf.data());
      f.dtfd_length = static_cast<uint32_t>(buf.size());
      if (ioctl(DTRACEIOC_FORMAT, &f) != 0) return errno_error("DTRACEIOC_FORMAT", errno);
      if (f.dtfd_length <= buf.size()) return std::string(buf.data(), strnlen(buf.data(), buf.size()));
      buf.resize(f.dtfd_length);
    }
  }

  Result<uint32_t> go() override { return go_stop(DTRACEIOC_GO, "DTRACEIOC_GO"); }
  Result<uint32_t> stop() override { return go_stop(DTRACEIOC_STOP, "DTRACEIOC_STOP"); }
  Result<Snapshot> bufsnap(uint32_t cpu) override { return snap(DTRACEIOC_BUFSNAP, cpu); }
  Result<Snapshot> aggsnap(uint32_t cpu) override { return snap(DTRACEIOC_AGGSNAP, cpu); }

  Result<dtrace_status> status() override {
    dtrace_status s{};
    if (ioctl(DTRACEIOC_STATUS, &s) != 0) return errno_error("DTRACEIOC_STATUS", errno);
    return s;
  }

  Result<uint32_t> userprobe(dtrace_userprobe& up, int* err) override {
    if (ioctl(DTRACEIOC_USERPROBE, &up) != 0) {
      if (err) *err = errno;
      return make_error(std::strerror(errno));
    }
    return up.dtup_desc.dtpd_id;
  }

 private:
  int ioctl(unsigned long req, void* arg) { return fn_ ? fn_(req, arg) : ::ioctl(fd_, req, arg); }

  // "dtrace: could not enable tracing: Cannot allocate memory", as
  // DTrace words a GO the module refused: the errno alone, but E2BIG
  // (a buffer smaller than a record can be, as specsize=4).
  Result<uint32_t> go_stop(unsigned long req, const char* what) {
    dtrace_go g{};
    if (ioctl(req, &g) != 0) {
      if (req != DTRACEIOC_GO) return errno_error(what, errno);
      return make_error(errno == E2BIG ? "Enabling exceeds size of buffer" : std::strerror(errno));
    }
    return g.dtgo_cpu;
  }

  // EPDESC/AGGDESC: ask with a guess at the record count; the module
  // answers ENOSPC with the count it needs, and we ask again.
  template <typename Raw, typename Out>
  Result<Out> describe(unsigned long req, const char* what, uint32_t id) {
    uint32_t cap = 16;
    for (;;) {
      std::vector<uint8_t> buf(sizeof(Raw) + cap * sizeof(dtrace_recdesc));
      auto* raw = reinterpret_cast<Raw*>(buf.data());
      set_id(raw, id);
      nrecs(raw) = cap;
      if (ioctl(req, raw) != 0) {
        if (errno == ENOSPC && nrecs(raw) > cap) {
          cap = nrecs(raw);
          continue;
        }
        return errno_error(what, errno);
      }
      return convert(*raw);
    }
  }
  static void set_id(dtrace_epdesc* d, uint32_t id) { d->dtepd_epid = id; }
  static void set_id(dtrace_aggdesc* d, uint32_t id) { d->dtagd_id = id; }
  static uint32_t& nrecs(dtrace_epdesc* d) { return d->dtepd_nrecs; }
  static uint32_t& nrecs(dtrace_aggdesc* d) { return d->dtagd_nrecs; }
  static EpDesc convert(const dtrace_epdesc& d) {
    return EpDesc{{d.dtepd_size, {d.dtepd_rec, d.dtepd_rec + d.dtepd_nrecs}},
                  d.dtepd_epid,
                  d.dtepd_probeid,
                  d.dtepd_uarg};
  }
  static AggDesc convert(const dtrace_aggdesc& d) {
    return AggDesc{
        {d.dtagd_size, {d.dtagd_rec, d.dtagd_rec + d.dtagd_nrecs}}, d.dtagd_id, d.dtagd_epid, d.dtagd_varid};
  }

  // A snapshot with no room: ENOSPC and the size, nothing switched (doc/ioctl.md §4).
  Result<uint64_t> buffer_size(uint32_t cpu, bool agg) override {
    dtrace_bufdesc b{};
    b.dtbd_cpu = cpu;
    if (ioctl(agg ? DTRACEIOC_AGGSNAP : DTRACEIOC_BUFSNAP, &b) == 0 || errno == ENOENT) return uint64_t{0};
    if (errno != ENOSPC) return errno_error(agg ? "DTRACEIOC_AGGSNAP" : "DTRACEIOC_BUFSNAP", errno);
    return b.dtbd_size;
  }

  Result<Snapshot> snap(unsigned long req, uint32_t cpu) {
    if (!snapbuf_) grow(size_t{4} << 20);
    for (;;) {
      dtrace_bufdesc b{};
      b.dtbd_data = reinterpret_cast<uintptr_t>(snapbuf_.get());
      b.dtbd_size = snapcap_;
      b.dtbd_cpu = cpu;
      if (ioctl(req, &b) != 0) {
        if ((errno == ENOSPC || errno == ENOMEM) && b.dtbd_size > snapcap_) {
          grow(b.dtbd_size);
          continue;
        }
        // A CPU without buffers (offline, or left out by -x cpu): nothing to read.
        if (errno == ENOENT) return Snapshot{{}, cpu};
        return errno_error(req == DTRACEIOC_BUFSNAP ? "DTRACEIOC_BUFSNAP" : "DTRACEIOC_AGGSNAP", errno);
      }
      Snapshot s;
      s.data.assign(snapbuf_.get(), snapbuf_.get() + b.dtbd_size);
      s.cpu = cpu;
      s.errors = b.dtbd_errors;
      s.drops = b.dtbd_drops;
      s.oldest = b.dtbd_oldest;
      s.timestamp = b.dtbd_timestamp;
      return s;
    }
  }

  // Left uninitialised: a buffer of bufsize bytes (which may be large)
  // only costs the pages the module actually copies into.
  void grow(size_t n) {
    snapbuf_.reset(new uint8_t[n]);
    snapcap_ = n;
  }

  int fd_ = -1;
  IoctlFn fn_;
  std::unique_ptr<uint8_t[]> snapbuf_;
  size_t snapcap_ = 0;
};

bool device_missing(int err) { return err == ENOENT || err == ENXIO || err == ENODEV; }

// The module's device, loading the module first when root and it is
// installed (kio/modprobe.h). misc_register makes the node in devtmpfs
// before modprobe returns; the retries cover a /dev that udev fills.
int open_device(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (fd >= 0 || !device_missing(errno) || path != DTRACE_DEVICE || !load_module()) return fd;
  for (int i = 0; i < 100; i++) {
    fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd >= 0 || !device_missing(errno)) break;
    ::usleep(10000);
  }
  return fd;
}

}  // namespace

std::unique_ptr<Device> make_ioctl_device(IoctlFn fn) {
  return std::make_unique<KernelDevice>(std::move(fn));
}

Result<std::unique_ptr<Device>> open_kernel_device(const std::string& path) {
  int fd = open_device(path);
  if (fd < 0) {
    int err = errno;
    if (device_missing(err))
      return make_error("DTrace device not available on system (" + path +
                        " is missing: " + why_no_device("/", kernel_release()) + ")");
    return errno_error(("cannot open " + path).c_str(), err);
  }
  auto dev = std::make_unique<KernelDevice>(fd);
  auto c = dev->conf();
  if (!c) return c.error();
  if (c->dtc_abi_version != DTRACE_ABI_VERSION)
    return make_error("dtrace module ABI version " + std::to_string(c->dtc_abi_version) +
                      " does not match this dtrace's " + std::to_string(DTRACE_ABI_VERSION));
  return std::unique_ptr<Device>(std::move(dev));
}

}  // namespace dtrace::kio
