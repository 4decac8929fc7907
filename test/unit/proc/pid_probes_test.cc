// The pid provider's expansion of probe descriptions into
// DTRACEIOC_USERPROBE calls, against a recording device and a real
// process held at main (the pid-calls trigger).
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cstring>
#include <functional>

#include "proc/process.h"
#include "proc/user_probes.h"

namespace dtrace::proc {
namespace {

class RecordingDevice final : public kio::Device {
 public:
  std::vector<dtrace_userprobe> made;
  std::function<int()> fail_next;  // returns the errno of the next create, or 0
  Result<uint32_t> userprobe(dtrace_userprobe& up, int* err) override {
    if (fail_next)
      if (int e = fail_next()) {
        *err = e;
        return make_error(std::strerror(e));
      }
    made.push_back(up);
    return up.dtup_desc.dtpd_id = static_cast<uint32_t>(made.size());
  }
  Error no() { return make_error("not in this test"); }
  Result<dtrace_conf> conf() override { return no(); }
  Result<std::optional<dtrace_probedesc>> probe_match(const dtrace_probedesc&, uint32_t) override {
    return no();
  }
  Result<dtrace_argdesc> probe_arg(uint32_t, uint32_t) override { return no(); }
  Result<kio::EnableResult> enable(const std::vector<uint8_t>&, kio::EnableFailure*) override { return no(); }
  Result<kio::EpDesc> epdesc(uint32_t) override { return no(); }
  Result<kio::AggDesc> aggdesc(uint32_t) override { return no(); }
  Result<std::string> format(uint32_t) override { return no(); }
  Result<uint32_t> go() override { return no(); }
  Result<uint32_t> stop() override { return no(); }
  Result<kio::Snapshot> bufsnap(uint32_t) override { return no(); }
  Result<kio::Snapshot> aggsnap(uint32_t) override { return no(); }
  Result<dtrace_status> status() override { return no(); }
};

class PidProbes : public ::testing::Test {
 protected:
  void SetUp() override {
    auto p = Process::create(std::string(DTRACE_TRIGGER_DIR) + "/pid-calls");
    ASSERT_TRUE(p) << p.error().message;
    proc_ = std::move(*p);
    prov_ = "pid" + std::to_string(proc_->pid());
  }
  Result<uint32_t> create(const std::string& mod, const std::string& func, const std::string& name) {
    UserProbeContext ctx{dev_, files_, {}};
    cc::ProbeSpec spec{prov_, mod, func, name, 0, "", 0};
    auto n = create_user_probes(spec, ctx);
    named_ = spec.mod;
    named_probe_ = spec.name;
    return n;
  }
  std::string named_, named_probe_;  // module and name as the last create() renamed them
  const ElfSymbol* symbol(const std::string& module, const std::string& name) {
    auto img = ProcessImage::read(proc_->pid(), files_);
    for (const auto& o : img->objects())
      if (o.module == module)
        for (const auto& s : o.elf->symbols())
          if (s.name == name) {
            offset_ = *o.elf->file_offset(s.vaddr);
            elf_ = o.elf;
            return &s;
          }
    return nullptr;
  }
  RecordingDevice dev_;
  ObjectFiles files_;
  std::unique_ptr<Process> proc_;
  std::string prov_;
  uint64_t offset_ = 0;
  std::shared_ptr<const ElfObject> elf_;
};

TEST_F(PidProbes, EntryOfAFunctionInTheExecutable) {
  auto n = create("a.out", "add_args", "entry");
  ASSERT_TRUE(n) << n.error().message;
  EXPECT_EQ(*n, 1u);
  EXPECT_EQ(named_, "pid-calls");  // the description names the probes as they are
  ASSERT_EQ(dev_.made.size(), 1u);
  const dtrace_userprobe& up = dev_.made[0];
  EXPECT_STREQ(up.dtup_desc.dtpd_provider, prov_.c_str());
  EXPECT_STREQ(up.dtup_desc.dtpd_mod, "pid-calls");  // the file name, "a.out" an alias
  EXPECT_STREQ(up.dtup_desc.dtpd_func, "add_args");
  EXPECT_STREQ(up.dtup_desc.dtpd_name, "entry");
  EXPECT_EQ(up.dtup_kind, static_cast<uint32_t>(DTRACE_UP_ENTRY));
  EXPECT_EQ(up.dtup_pid, static_cast<uint32_t>(proc_->pid()));
  ASSERT_TRUE(symbol("pid-calls", "add_args"));
  EXPECT_EQ(up.dtup_offset, offset_);
  EXPECT_EQ(std::string(up.dtup_path).rfind("/proc/" + std::to_string(proc_->pid()) + "/root/", 0), 0u);
}

TEST_F(PidProbes, GlobNameGivesEntryAndReturnAndOffsetsAreHex) {
  ASSERT_EQ(*create("pid-calls", "leaf", ""), 2u);
  EXPECT_EQ(dev_.made[1].dtup_kind, static_cast<uint32_t>(DTRACE_UP_RETURN));
  ASSERT_EQ(*create("a.out", "leaf", "0A"), 1u);
  EXPECT_EQ(named_, "pid-calls");
  EXPECT_EQ(named_probe_, "a");  // offsets are named in lower-case hex without leading zeros
  ASSERT_TRUE(symbol("pid-calls", "leaf"));
  EXPECT_EQ(dev_.made[2].dtup_offset, offset_ + 10);
  EXPECT_STREQ(dev_.made[2].dtup_desc.dtpd_name, "a");
}

TEST_F(PidProbes, ExecutableByFileNameGlobOrNone) {
  EXPECT_EQ(*create("pid-calls", "top", "entry"), 1u);
  EXPECT_EQ(*create("pid-c*", "middle", "entry"), 1u);
  EXPECT_EQ(named_, "pid-c*");                       // a glob stays
  EXPECT_EQ(*create("", "add_args", "return"), 1u);  // no module: every object
  ASSERT_EQ(dev_.made.size(), 3u);
  for (const auto& up : dev_.made) EXPECT_STREQ(up.dtup_desc.dtpd_mod, "pid-calls");
}

TEST_F(PidProbes, LibraryFunctionsByGlob) {
  auto n = create("libc.so.6", "mallo?", "entry");
  ASSERT_TRUE(n) << n.error().message;
  EXPECT_EQ(*n, 1u);
  EXPECT_STREQ(dev_.made[0].dtup_desc.dtpd_func, "malloc");
  EXPECT_STREQ(dev_.made[0].dtup_desc.dtpd_mod, "libc.so.6");
  EXPECT_EQ(*create("libc", "free", "return"), 1u);  // a library by its unversioned name
  EXPECT_EQ(named_, "libc.so.6");
  EXPECT_EQ(*create("libc.so", "free", "entry"), 1u);  // or with .so, as DTrace reads it
  EXPECT_EQ(named_, "libc.so.6");
}

TEST_F(PidProbes, BadDescriptions) {
  EXPECT_EQ(*create("a.out", "no_such_function", "entry"), 0u);  // D_PDESC_ZERO for the compiler
  auto lib = create("libnothere.so", "f", "entry");
  ASSERT_FALSE(lib);
  EXPECT_EQ(lib.error().tag, ErrTag::D_PDESC_ZERO);
  auto name = create("a.out", "leaf", "middle");
  ASSERT_FALSE(name);
  EXPECT_EQ(name.error().tag, ErrTag::D_PROC_NAME);
  auto off = create("a.out", "leaf", "10000");
  ASSERT_FALSE(off);
  EXPECT_EQ(off.error().tag, ErrTag::D_PROC_OFF);
  UserProbeContext ctx{dev_, files_, {}};
  cc::ProbeSpec dead_spec{"pid999999999", "a.out", "main", "entry", 0, "", 0};
  auto dead = create_user_probes(dead_spec, ctx);
  ASSERT_FALSE(dead);
  EXPECT_EQ(dead.error().message, "failed to grab pid 999999999: No such process");
  cc::ProbeSpec kernel{"syscall", "", "read", "entry", 0, "", 0};
  EXPECT_EQ(*create_user_probes(kernel, ctx), 0u);
  EXPECT_TRUE(dev_.made.empty());
}

TEST_F(PidProbes, StapsdtNotesOfAProgramBuiltWithSysSdtH) {
  auto p = Process::create(std::string(DTRACE_TRIGGER_DIR) + "/stap-sdt");
  ASSERT_TRUE(p) << p.error().message;
  std::string prov = "trig" + std::to_string((*p)->pid());
  UserProbeContext ctx{dev_, files_, {}};
  cc::ProbeSpec spec{prov, "a.out", "", "work", 0, "", 0};
  auto n = create_user_probes(spec, ctx);
  ASSERT_TRUE(n) << n.error().message;
  ASSERT_EQ(*n, 1u);
  EXPECT_EQ(spec.mod, "stap-sdt");
  const dtrace_userprobe& up = dev_.made[0];
  EXPECT_STREQ(up.dtup_desc.dtpd_provider, prov.c_str());
  EXPECT_STREQ(up.dtup_desc.dtpd_mod, "stap-sdt");
  EXPECT_STREQ(up.dtup_desc.dtpd_func, "main");
  EXPECT_EQ(up.dtup_kind, static_cast<uint32_t>(DTRACE_UP_USDT));
  EXPECT_EQ(up.dtup_nargs, 3u);
  EXPECT_EQ(up.dtup_args[0].dtua_size, -4);
  EXPECT_NE(up.dtup_refctr, 0u);  // the semaphore, a file offset
  EXPECT_NE(up.dtup_refctr, up.dtup_offset);
  cc::ProbeSpec none{prov, "", "", "no-such", 0, "", 0}, nobody{"trig999999999", "", "", "", 0, "", 0};
  EXPECT_EQ(*create_user_probes(none, ctx), 0u);
  EXPECT_EQ(*create_user_probes(nobody, ctx), 0u);
}

TEST_F(PidProbes, ProcessExitingWhileProbesAreCreated) {
  // The module finds the process gone at the third probe: it was killed
  // (a zombie now, as it is our child) between two requests.
  pid_t pid = proc_->pid();
  dev_.fail_next = [this, pid] {
    if (dev_.made.size() < 2) return 0;
    kill(pid, SIGKILL);
    for (int i = 0; i < 500 && process_alive(pid); i++) usleep(10000);
    return ENOENT;
  };
  auto n = create("a.out", "*", "entry");
  ASSERT_FALSE(n);
  EXPECT_EQ(n.error().message, "pid " + std::to_string(pid) + " has exited");
  EXPECT_EQ(n.error().tag, ErrTag::D_PROC_GRAB);
  EXPECT_EQ(dev_.made.size(), 2u);
}

}  // namespace
}  // namespace dtrace::proc
