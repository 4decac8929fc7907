// Context rules (doc/limits.md §5) as far as the userspace build has them:
// copyout()/copyoutstr() sizes and kernel lockdown at ENABLE.
#include <cstring>
#include <vector>

#include "dtrace/limits.h"
#include "subr_call.h"

namespace kcore {
namespace {

uint64_t ptr(const void* p) { return reinterpret_cast<uintptr_t>(p); }

const std::vector<std::pair<uint32_t, uint64_t>> kW = {{DTRACEOPT_DESTRUCTIVE, 1}};

// copyoutstr writes at most size bytes: the NUL only when it fits.
TEST(Context, CopyoutstrWritesAtMostSize) {
  static char t[8];
  std::memset(t, '.', sizeof(t));
  EXPECT_FALSE(eval(call_difo(DIF_SUBR_COPYOUTSTR, {"hi!", ptr(t), 2}, false), {}, kW).faulted);
  EXPECT_EQ(std::string(t, 8), "hi......");
  std::memset(t, '.', sizeof(t));
  EXPECT_FALSE(eval(call_difo(DIF_SUBR_COPYOUTSTR, {"hi!", ptr(t), 3}, false), {}, kW).faulted);
  EXPECT_EQ(std::string(t, 8), "hi!.....");
  std::memset(t, '.', sizeof(t));
  EXPECT_FALSE(eval(call_difo(DIF_SUBR_COPYOUTSTR, {"hi!", ptr(t), 4}, false), {}, kW).faulted);
  EXPECT_EQ(std::string(t, 8), std::string("hi!\0....", 8));
  std::memset(t, '.', sizeof(t));
  EXPECT_FALSE(eval(call_difo(DIF_SUBR_COPYOUTSTR, {"hi!", ptr(t), uint64_t{1} << 40}, false), {}, kW)
                   .faulted);  // a large size bounds, it does not write
  EXPECT_EQ(std::string(t, 8), std::string("hi!\0....", 8));
}

// copyout refuses more than DTRACE_COPYOUT_MAX bytes before writing any.
TEST(Context, CopyoutIsBounded) {
  static char big[DTRACE_COPYOUT_MAX + 8];
  static char dst[DTRACE_COPYOUT_MAX + 8];
  std::memset(big, 'x', sizeof(big));
  Difo ok = call_difo(DIF_SUBR_COPYOUT, {ptr(big), ptr(dst), uint64_t{DTRACE_COPYOUT_MAX}}, false);
  EXPECT_FALSE(eval(ok, {}, kW).faulted);
  EXPECT_EQ(dst[DTRACE_COPYOUT_MAX - 1], 'x');
  std::memset(dst, 0, sizeof(dst));
  for (uint64_t n : {uint64_t{DTRACE_COPYOUT_MAX} + 1, uint64_t{1} << 32, ~uint64_t{0}}) {
    Eval e = eval(call_difo(DIF_SUBR_COPYOUT, {ptr(big), ptr(dst), n}, false), {}, kW);
    EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_BADSIZE) << n;
    EXPECT_EQ(e.addr, n);
    EXPECT_EQ(dst[0], 0);
  }
}

// Confidentiality lockdown refuses every program, integrity only -w ones.
TEST(Context, LockdownAtEnable) {
  Difo d;
  d.code = {ret(0)};
  d.rtype = PB_INT(8);
  for (int level : {1, 2}) {
    dtrace_user_set_lockdown(level);
    Harness h;
    Eval e = eval_on(h, d, {}, kW);
    EXPECT_EQ(e.enable_err, -EPERM);
    EXPECT_NE(std::strstr(h.res().msg, "kernel lockdown"), nullptr) << h.res().msg;
    EXPECT_NE(std::strstr(h.res().msg, level == 2 ? "confidentiality" : "integrity"), nullptr);
  }
  dtrace_user_set_lockdown(1);
  EXPECT_EQ(eval(d).enable_err, 0);
  dtrace_user_set_lockdown(2);
  EXPECT_EQ(eval(d).enable_err, -EPERM);
  dtrace_user_set_lockdown(0);
  EXPECT_EQ(eval(d, {}, kW).enable_err, 0);
}

}  // namespace
}  // namespace kcore
