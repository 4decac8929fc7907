// The in-process device (kernel/user/inproc.c): the module's ioctl
// interface over libdtkcore.a, driven as a consumer would drive it.
#include "harness.h"

extern "C" {
#include "dtrace/ioctl.h"
#include "user/inproc.h"
}

namespace kcore {
namespace {

class Inproc : public ::testing::Test {
 protected:
  void SetUp() override {
    m_ = dtrace_inproc_create(2);
    ASSERT_NE(m_, nullptr);
    f_ = dtrace_inproc_open(m_);
    ASSERT_NE(f_, nullptr);
  }
  void TearDown() override {
    dtrace_inproc_close(f_);
    dtrace_inproc_destroy(m_);
  }
  int ioc(unsigned long req, void* arg) { return dtrace_inproc_ioctl(f_, req, arg); }
  dtrace_inproc* m_ = nullptr;
  dtrace_inproc_file* f_ = nullptr;
};

TEST_F(Inproc, ConfAndProbeListing) {
  dtrace_conf c{};
  EXPECT_EQ(ioc(DTRACEIOC_CONF, &c), 0);
  EXPECT_EQ(c.dtc_abi_version, (uint32_t)DTRACE_ABI_VERSION);
  EXPECT_EQ(c.dtc_maxcpu, 2u);
  dtrace_probematch pm{};
  std::vector<std::string> names;
  while (ioc(DTRACEIOC_PROBEMATCH, &pm) == 0) {
    names.push_back(pm.dtpm_probe.dtpd_name);
    pm.dtpm_start = pm.dtpm_probe.dtpd_id + 1;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"BEGIN", "END", "ERROR"}));
  std::memset(pm.dtpm_pattern.dtpd_name, 'x', sizeof(pm.dtpm_pattern.dtpd_name));
  EXPECT_EQ(ioc(DTRACEIOC_PROBEMATCH, &pm), -EINVAL);  // unterminated
  EXPECT_EQ(ioc(0xdead, &pm), -ENOTTY);
}

TEST_F(Inproc, HelloWorldThroughTheIoctls) {
  pb b{};
  uint32_t p = pb_probe(&b, "dtrace", "", "", "BEGIN");
  Difo s;
  s.strtab = std::string("hello\0", 6);
  s.code = {sets(0, 1), ret(1)};
  s.rtype = PB_STRING;
  Difo z;
  z.code = {ret(0)};
  z.rtype = PB_INT(4);
  add_clause(&b, p, -1,
             {{DTRACEACT_PRINTF, -1, 1, "%s\n"},
              {DTRACEACT_ARG, (int)add_difo(&b, s)},
              {DTRACEACT_EXIT, (int)add_difo(&b, z)}});
  pb_option(&b, DTRACEOPT_BUFSIZE, 64 << 10);
  size_t size;
  void* blob = pb_blob(&b, &size);
  pb_free(&b);
  dtrace_enable en{};
  en.dten_prog = reinterpret_cast<uintptr_t>(blob);
  en.dten_size = size;
  ASSERT_EQ(ioc(DTRACEIOC_ENABLE, &en), 0) << en.dten_msg;
  free(blob);
  EXPECT_EQ(en.dten_nprobes, 1u);

  dtrace_epdesc hdr{};
  hdr.dtepd_epid = 1;
  EXPECT_EQ(ioc(DTRACEIOC_EPDESC, &hdr), -ENOSPC);
  ASSERT_EQ(hdr.dtepd_nrecs, 3u);
  std::vector<uint8_t> mem(sizeof(dtrace_epdesc) + 3 * sizeof(dtrace_recdesc));
  auto* ep = reinterpret_cast<dtrace_epdesc*>(mem.data());
  ep->dtepd_epid = 1;
  ep->dtepd_nrecs = 3;
  ASSERT_EQ(ioc(DTRACEIOC_EPDESC, ep), 0);
  EXPECT_EQ(ep->dtepd_size, 264u);
  char fmt[8];
  dtrace_fmtdesc fd{};
  fd.dtfd_id = ep->dtepd_rec[0].dtrd_format;
  fd.dtfd_string = reinterpret_cast<uintptr_t>(fmt);
  fd.dtfd_length = 2;
  EXPECT_EQ(ioc(DTRACEIOC_FORMAT, &fd), -ENOSPC);
  EXPECT_EQ(fd.dtfd_length, 4u);
  fd.dtfd_length = sizeof(fmt);
  ASSERT_EQ(ioc(DTRACEIOC_FORMAT, &fd), 0);
  EXPECT_STREQ(fmt, "%s\n");
  fd.dtfd_string = 8;  // forged: refused, not followed
  EXPECT_EQ(ioc(DTRACEIOC_FORMAT, &fd), -EFAULT);

  dtrace_go go{};
  ASSERT_EQ(ioc(DTRACEIOC_GO, &go), 0);
  dtrace_status st{};
  ASSERT_EQ(ioc(DTRACEIOC_STATUS, &st), 0);
  EXPECT_EQ(st.dtst_exiting, 1u);
  ASSERT_EQ(ioc(DTRACEIOC_STOP, &go), 0);
  std::vector<uint8_t> buf(64 << 10);
  dtrace_bufdesc d{};
  d.dtbd_data = reinterpret_cast<uintptr_t>(buf.data());
  d.dtbd_size = 100;
  d.dtbd_cpu = go.dtgo_cpu;
  EXPECT_EQ(ioc(DTRACEIOC_BUFSNAP, &d), -ENOSPC);
  EXPECT_EQ(d.dtbd_size, 64u << 10);
  ASSERT_EQ(ioc(DTRACEIOC_BUFSNAP, &d), 0);
  ASSERT_EQ(d.dtbd_size, 16u + 264);
  EXPECT_STREQ(reinterpret_cast<char*>(buf.data() + 16), "hello");
  d.dtbd_size = buf.size();
  EXPECT_EQ(ioc(DTRACEIOC_AGGSNAP, &d), 0);
  EXPECT_EQ(d.dtbd_size, 0u);
}

// The structures and the pointers in them are the caller's, hostile as
// the module takes them: a pointer no copy can follow is EFAULT, never
// followed (the layer that repeated dev.c copied with memcpy).
TEST_F(Inproc, ForgedPointersAreRefused) {
  void* bad = reinterpret_cast<void*>(16);  // the NULL page
  EXPECT_EQ(ioc(DTRACEIOC_CONF, bad), -EFAULT);
  EXPECT_EQ(ioc(DTRACEIOC_PROBEMATCH, bad), -EFAULT);
  EXPECT_EQ(ioc(DTRACEIOC_STATUS, bad), -EFAULT);
  dtrace_enable en{};
  en.dten_prog = 8;
  en.dten_size = 64;
  EXPECT_EQ(ioc(DTRACEIOC_ENABLE, &en), -EFAULT);
  en.dten_size = DTRACE_PROG_MAXSIZE + 1ull;
  EXPECT_EQ(ioc(DTRACEIOC_ENABLE, &en), -E2BIG);
  en.dten_size = ~0ull;
  EXPECT_EQ(ioc(DTRACEIOC_ENABLE, &en), -E2BIG);
  EXPECT_EQ(ioc(DTRACEIOC_EPDESC, bad), -EFAULT);
}

}  // namespace
}  // namespace kcore
