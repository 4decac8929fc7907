// libFuzzer target for the D front end: every input is compiled as a D
// program (no device, no kernel types). The compiler must return a
// Program or an Error with a message (a D_* tag where DTrace has one; a
// pass that fails without saying why is a bug): never crash, hang, trip
// ASan/UBSan, or succeed with DIF the verifier rejects.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <string>
#include <string_view>

#include "cc/compiler.h"
#include "dif/verify.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 8192) return 0;
  dtrace::cc::CompileOptions o;
  o.btf_path = "";  // deterministic: no host types
  o.macro_args = {"fuzz", "1", "two"};
  o.argref = true;  // programs need not use both operands
  dtrace::cc::Compiler c(o);
  auto r = c.compile(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!r.ok()) {
    const std::string& m = r.error().message;
    bool silent_pass = m.rfind("pass ", 0) == 0 && m.size() > 7 && m.compare(m.size() - 7, 7, " failed") == 0;
    if (m.empty() || silent_pass) {
      std::fprintf(stderr, "error without a message: [%s] %s\n", errtag_name(r.error().tag), m.c_str());
      std::abort();
    }
    return 0;
  }
  for (const auto& d : r->difos) {
    dtrace::dif::Verdict v = dtrace::dif::verify(d, true);
    if (!v.ok()) {
      std::fprintf(stderr, "accepted program fails verification at %u: %s\n", unsigned(v.pc),
                   dtrace::dif::verdict_message(v.reason));
      std::abort();
    }
  }
  return 0;
}
