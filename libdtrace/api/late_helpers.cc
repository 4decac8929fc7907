#include "api/late_helpers.h"

#include <dirent.h>
#include <poll.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

#include "dtrace/ioctl.h"
#include "kio/device_wrapper.h"
#include "proc/user_probes.h"

namespace dtrace::api {
namespace {

constexpr int kNoteMs = 1000;  // a connected drti sends its note at once

class HelperListener final : public kio::DeviceWrapper {
 public:
  HelperListener(std::unique_ptr<kio::Device> dev, int sock, int stop, std::string path)
      : DeviceWrapper(std::move(dev)), sock_(sock), stop_(stop), path_(std::move(path)) {
    thread_ = std::thread([this] { run(); });
  }
  ~HelperListener() override {
    uint64_t one = 1;
    (void)!write(stop_, &one, sizeof one);
    thread_.join();
    unlink(path_.c_str());
    close(sock_);
    close(stop_);
  }
  HelperListener(const HelperListener&) = delete;
  HelperListener& operator=(const HelperListener&) = delete;

  // Each call holds the lock: the listener's work comes between them.
  template <typename F>
  auto serial(F f) {
    std::lock_guard<std::mutex> h(mu_);
    return f();
  }
  Result<dtrace_conf> conf() override {
    return serial([&] { return DeviceWrapper::conf(); });
  }
  Result<std::optional<dtrace_probedesc>> probe_match(const dtrace_probedesc& pattern,
                                                      uint32_t start) override {
    return serial([&] { return DeviceWrapper::probe_match(pattern, start); });
  }
  Result<dtrace_argdesc> probe_arg(uint32_t id, uint32_t ndx) override {
    return serial([&] { return DeviceWrapper::probe_arg(id, ndx); });
  }
  Result<kio::EnableResult> enable(const std::vector<uint8_t>& prog, kio::EnableFailure* failure) override {
    return serial([&] { return DeviceWrapper::enable(prog, failure); });
  }
  Result<kio::EpDesc> epdesc(uint32_t epid) override {
    return serial([&] { return DeviceWrapper::epdesc(epid); });
  }
  Result<kio::AggDesc> aggdesc(uint32_t aggid) override {
    return serial([&] { return DeviceWrapper::aggdesc(aggid); });
  }
  Result<std::string> format(uint32_t id) override {
    return serial([&] { return DeviceWrapper::format(id); });
  }
  Result<uint32_t> go() override {
    return serial([&] { return DeviceWrapper::go(); });
  }
  Result<uint32_t> stop() override {
    return serial([&] { return DeviceWrapper::stop(); });
  }
  Result<kio::Snapshot> bufsnap(uint32_t cpu) override {
    return serial([&] { return DeviceWrapper::bufsnap(cpu); });
  }
  Result<kio::Snapshot> aggsnap(uint32_t cpu) override {
    return serial([&] { return DeviceWrapper::aggsnap(cpu); });
  }
  Result<uint64_t> buffer_size(uint32_t cpu, bool agg) override {
    return serial([&] { return DeviceWrapper::buffer_size(cpu, agg); });
  }
  Result<dtrace_status> status() override {
    return serial([&] { return DeviceWrapper::status(); });
  }
  Result<uint32_t> userprobe(dtrace_userprobe& up, int* err) override {
    return serial([&] { return DeviceWrapper::userprobe(up, err); });
  }
  Status userprobe_argtypes(uint32_t id, const std::string& types, uint32_t nargs) override {
    return serial([&] { return DeviceWrapper::userprobe_argtypes(id, types, nargs); });
  }
  Status match_late(const std::vector<uint32_t>& ids) override {
    return serial([&] { return DeviceWrapper::match_late(ids); });
  }

 private:
  using Hold = std::lock_guard<std::mutex>;

  // Answers each note in turn until the destructor says stop.
  void run() {
    pollfd p[2] = {{sock_, POLLIN, 0}, {stop_, POLLIN, 0}};
    for (;;) {
      if (poll(p, 2, -1) < 0 && errno != EINTR) return;
      if (p[1].revents != 0) return;
      if ((p[0].revents & POLLIN) == 0) continue;
      int c = accept4(sock_, nullptr, nullptr, SOCK_CLOEXEC);
      if (c < 0) continue;
      answer(c);
      close(c);
    }
  }

  // The process is the peer's (its credentials, not the note's word);
  // the answer goes whatever came of its probes: it runs on untraced.
  void answer(int c) {
    ucred cred{};
    socklen_t len = sizeof cred;
    dtrace_helper_note note{};
    pollfd p{c, POLLIN, 0};
    if (getsockopt(c, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 || poll(&p, 1, kNoteMs) <= 0 ||
        recv(c, &note, sizeof note, MSG_DONTWAIT) != static_cast<ssize_t>(sizeof note) ||
        note.dthn_magic != DTRACE_HELPER_NOTE_MAGIC || cred.pid <= 0)
      return;
    make_probes(cred.pid, note.dthn_base);
    char done = 1;
    (void)!send(c, &done, 1, MSG_NOSIGNAL | MSG_DONTWAIT);
  }

  // The probes of pid's drti object at base, every provider's, as the
  // module makes them from drti's program.
  void make_probes(pid_t pid, uint64_t base) {
    auto img = proc::ProcessImage::read(pid, files_);
    if (!img) return;
    for (const proc::MappedObject& o : img->objects()) {
      if (!o.elf || !o.contains(base)) continue;
      Hold h(mu_);
      std::vector<uint32_t> fresh;
      proc::UserProbeContext ctx{inner(), files_, {}};
      ctx.fresh = &fresh;
      (void)proc::create_drti_object_probes({}, pid, o, ctx);
      if (!fresh.empty()) (void)inner().match_late(fresh);
      return;
    }
  }

  std::mutex mu_;
  int sock_, stop_;
  std::string path_;
  proc::ObjectFiles files_;  // the listener's own: the session's are not shared
  std::thread thread_;
};

// Sockets of consumers that are gone (killed): drti would try each.
void sweep(const std::string& dir) {
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return;
  while (dirent* e = readdir(d)) {
    char* end = nullptr;
    long pid = std::strtol(e->d_name, &end, 10);
    if (pid > 0 && *end == '\0' && kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
      unlink((dir + "/" + e->d_name).c_str());
  }
  closedir(d);
}

}  // namespace

std::unique_ptr<kio::Device> listen_for_helpers(std::unique_ptr<kio::Device> dev) {
  const std::string dir = DTRACE_HELPER_SOCKDIR;
  if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) return dev;
  sweep(dir);
  sockaddr_un a{};
  a.sun_family = AF_UNIX;
  std::string path = dir + "/" + std::to_string(getpid());
  if (path.size() >= sizeof a.sun_path) return dev;
  path.copy(a.sun_path, path.size());
  int s = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (s < 0) return dev;
  unlink(path.c_str());
  // Any process may tell of its probes, as any may register them with
  // the module; connecting needs write permission on the socket.
  if (bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || chmod(path.c_str(), 0666) != 0 ||
      listen(s, 64) != 0) {
    close(s);
    unlink(path.c_str());
    return dev;
  }
  int stop = eventfd(0, EFD_CLOEXEC);
  if (stop < 0) {
    close(s);
    unlink(path.c_str());
    return dev;
  }
  return std::make_unique<HelperListener>(std::move(dev), s, stop, path);
}

}  // namespace dtrace::api
