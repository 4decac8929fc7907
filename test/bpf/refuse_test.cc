// What the bpf backend does not translate yet is refused, with a message
// in DTrace's form, before anything reaches the kernel (doc/bpf.md).
#include "compare.h"

namespace dtrace::bpf::testing {
namespace {

struct Refusal {
  const char* stmts;
  const char* says;  // a part of the message
};

class Refuse : public ::testing::TestWithParam<Refusal> {};

TEST_P(Refuse, SaysWhatIsNotSupported) {
  cc::Difo d = compile_clause(GetParam().stmts);
  DifoView v = view(d);
  Result<Globals> g = layout_globals(std::span<const DifoView>(&v, 1));
  Error err;
  if (!g.ok()) {
    err = g.error();
  } else {
    Result<std::vector<bpf_insn>> prog = translate(v, *g);
    ASSERT_FALSE(prog.ok()) << "translated: " << GetParam().stmts;
    err = prog.error();
  }
  EXPECT_NE(err.message.find("not supported by the bpf backend"), std::string::npos) << err.message;
  EXPECT_NE(err.message.find(GetParam().says), std::string::npos) << err.message;
}

INSTANTIATE_TEST_SUITE_P(
    Subset, Refuse,
    ::testing::Values(Refusal{"trace(stackdepth);", "built-in variable 'stackdepth'"},
                      Refusal{"trace(ucaller + arg0);", "built-in variable 'ucaller'"},
                      Refusal{"trace(epid);", "built-in variable 'epid' outside a probe's program"},
                      Refusal{"trace(\"hello\");", "returning a string"},
                      Refusal{"trace(getmajor(arg0));", "subroutine getmajor()"},
                      Refusal{"trace(*(char *)alloca(arg0));", "scratch memory"},
                      Refusal{"self->x = arg0; trace(arg1);", "DIF instruction 'stts'"},
                      Refusal{"a[arg0] = arg1; trace(arg1);", "DIF instruction 'stgaa'"},
                      Refusal{"trace(\"ab\" == \"ab\" ? arg0 : arg1);", "DIF instruction 'sets'"},
                      Refusal{"s = \"text\"; trace(arg0);", "global variable 's'"}));

// A scratch area (scratchsize and eight strings) past what the
// scratch map holds.
TEST(RefuseScratch, LargerThanTheMap) {
  cc::Difo d = compile_clause("trace(*(char *)alloca(arg0));");
  DifoView v = view(d);
  Strings s;
  s.scratch_fd = 1;  // not used: refused first
  s.scratch_size = module_scratch_size(kScratchMax, s.strsize);
  Result<std::vector<bpf_insn>> prog = translate(v, Globals{}, &s);
  ASSERT_FALSE(prog.ok());
  EXPECT_NE(prog.error().message.find("a scratch area of 18496 bytes"), std::string::npos)
      << prog.error().message;
}

// speculation() tries the ids in an unrolled loop: nspec past
// kMaxSpecs is refused, saying so.
TEST(RefuseSpeculation, MoreIdsThanTried) {
  cc::Difo d = compile_clause("trace(speculation());");
  DifoView v = view(d);
  Specs sp;
  sp.map_fd = 1;  // not used: refused first
  sp.nspec = kMaxSpecs + 1;
  Env env;
  env.specs = &sp;
  Result<std::vector<bpf_insn>> prog = translate(v, Globals{}, env);
  ASSERT_FALSE(prog.ok());
  EXPECT_NE(prog.error().message.find(
                "speculation() under nspec 65 (at most 64) is not supported by the bpf backend"),
            std::string::npos)
      << prog.error().message;
}

// A DIFO that did not pass the validator is refused, not read past.
TEST(RefuseUnvalidated, RegisterPastTheLast) {
  std::vector<dif_instr_t> code = {DIF_INSTR_FMT(DIF_OP_ADD, 1, 40, 2), DIF_INSTR_RET(2)};
  DifoView v{code, {}, {}, {}, dtrace_diftype{DIF_TYPE_CTF, 0, 0, 0, 8}};
  Result<std::vector<bpf_insn>> prog = translate(v, Globals{});
  ASSERT_FALSE(prog.ok());
  EXPECT_NE(prog.error().message.find("register past %r15"), std::string::npos) << prog.error().message;
}

TEST(RefuseUnvalidated, BranchOutOfTheCode) {
  std::vector<dif_instr_t> code = {DIF_INSTR_BRANCH(DIF_OP_BA, 9), DIF_INSTR_RET(0)};
  DifoView v{code, {}, {}, {}, dtrace_diftype{DIF_TYPE_CTF, 0, 0, 0, 8}};
  Result<std::vector<bpf_insn>> prog = translate(v, Globals{});
  ASSERT_FALSE(prog.ok());
  EXPECT_NE(prog.error().message.find("leaves the DIF object"), std::string::npos) << prog.error().message;
}

TEST(RefuseUnvalidated, BranchBackwards) {
  std::vector<dif_instr_t> code = {DIF_INSTR_NOP, DIF_INSTR_BRANCH(DIF_OP_BA, 0), DIF_INSTR_RET(0)};
  DifoView v{code, {}, {}, {}, dtrace_diftype{DIF_TYPE_CTF, 0, 0, 0, 8}};
  Result<std::vector<bpf_insn>> prog = translate(v, Globals{});
  ASSERT_FALSE(prog.ok());
  EXPECT_NE(prog.error().message.find("does not go forward"), std::string::npos) << prog.error().message;
}

}  // namespace
}  // namespace dtrace::bpf::testing
