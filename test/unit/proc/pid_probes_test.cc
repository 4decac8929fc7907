// The pid provider's expansion of probe descriptions into
// DTRACEIOC_USERPROBE calls, against a recording device and a real
// process held at its entry point (the pid-calls trigger).
#include <gtest/gtest.h>

#include "proc/process.h"
#include "proc/user_probes.h"

namespace dtrace::proc {
namespace {

class RecordingDevice final : public kio::Device {
 public:
  std::vector<dtrace_userprobe> made;
  Result<uint32_t> userprobe(dtrace_userprobe& up, int*) override {
    made.push_back(up);
    return up.dtup_desc.dtpd_id = static_cast<uint32_t>(made.size());
  }
  Error no() { return make_error("not in this test"); }
  Result<dtrace_conf> conf() override { return no(); }
  Result<std::optional<dtrace_probedesc>> probe_match(const dtrace_probedesc&, uint32_t) override { return no(); }
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
    UserProbeContext ctx{dev_, {}};
    return create_user_probes(cc::ProbeSpec{prov_, mod, func, name, 0, "", 0}, ctx);
  }
  const ElfSymbol* symbol(const std::string& module, const std::string& name) {
    auto img = ProcessImage::read(proc_->pid());
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
  std::unique_ptr<Process> proc_;
  std::string prov_;
  uint64_t offset_ = 0;
  std::shared_ptr<const ElfObject> elf_;
};

TEST_F(PidProbes, EntryOfAFunctionInTheExecutable) {
  auto n = create("a.out", "add_args", "entry");
  ASSERT_TRUE(n) << n.error().message;
  EXPECT_EQ(*n, 1u);
  ASSERT_EQ(dev_.made.size(), 1u);
  const dtrace_userprobe& up = dev_.made[0];
  EXPECT_STREQ(up.dtup_desc.dtpd_provider, prov_.c_str());
  EXPECT_STREQ(up.dtup_desc.dtpd_mod, "a.out");
  EXPECT_STREQ(up.dtup_desc.dtpd_func, "add_args");
  EXPECT_STREQ(up.dtup_desc.dtpd_name, "entry");
  EXPECT_EQ(up.dtup_kind, static_cast<uint32_t>(DTRACE_UP_ENTRY));
  EXPECT_EQ(up.dtup_pid, static_cast<uint32_t>(proc_->pid()));
  ASSERT_TRUE(symbol("a.out", "add_args"));
  EXPECT_EQ(up.dtup_offset, offset_);
  EXPECT_EQ(std::string(up.dtup_path).rfind("/proc/" + std::to_string(proc_->pid()) + "/root/", 0), 0u);
}

TEST_F(PidProbes, GlobNameGivesEntryAndReturnAndOffsetsAreHex) {
  ASSERT_EQ(*create("a.out", "leaf", ""), 2u);
  EXPECT_EQ(dev_.made[1].dtup_kind, static_cast<uint32_t>(DTRACE_UP_RETURN));
  ASSERT_EQ(*create("a.out", "leaf", "0A"), 1u);
  ASSERT_TRUE(symbol("a.out", "leaf"));
  EXPECT_EQ(dev_.made[2].dtup_offset, offset_ + 10);
  EXPECT_STREQ(dev_.made[2].dtup_desc.dtpd_name, "a");
}

TEST_F(PidProbes, LibraryFunctionsByGlob) {
  auto n = create("libc.so.6", "mallo?", "entry");
  ASSERT_TRUE(n) << n.error().message;
  EXPECT_EQ(*n, 1u);
  EXPECT_STREQ(dev_.made[0].dtup_desc.dtpd_func, "malloc");
  EXPECT_STREQ(dev_.made[0].dtup_desc.dtpd_mod, "libc.so.6");
  EXPECT_EQ(*create("libc", "free", "return"), 1u);  // a library by its unversioned name
}

TEST_F(PidProbes, BadDescriptions) {
  EXPECT_EQ(*create("a.out", "no_such_function", "entry"), 0u);  // D_PDESC_ZERO for the compiler
  auto lib = create("libnothere.so", "f", "entry");
  ASSERT_FALSE(lib);
  EXPECT_EQ(lib.error().tag, "D_PROC_LIB");
  auto name = create("a.out", "leaf", "middle");
  ASSERT_FALSE(name);
  EXPECT_EQ(name.error().tag, "D_PROC_NAME");
  auto off = create("a.out", "leaf", "10000");
  ASSERT_FALSE(off);
  EXPECT_EQ(off.error().tag, "D_PROC_OFF");
  UserProbeContext ctx{dev_, {}};
  auto dead = create_user_probes(cc::ProbeSpec{"pid999999999", "a.out", "main", "entry", 0, "", 0}, ctx);
  ASSERT_FALSE(dead);
  EXPECT_EQ(dead.error().message, "failed to grab pid 999999999: No such process");
  EXPECT_EQ(*create_user_probes(cc::ProbeSpec{"syscall", "", "read", "entry", 0, "", 0}, ctx), 0u);
  EXPECT_TRUE(dev_.made.empty());
}

}  // namespace
}  // namespace dtrace::proc
