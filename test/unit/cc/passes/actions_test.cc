#include <gtest/gtest.h>

#include "test/unit/cc/compile_util.h"

namespace dtrace::cc {
namespace {

using testing::compile_ok;
using testing::expect_error;
using testing::expect_errors;

TEST(Actions, ExitPrototype) {
  expect_errors({
      {"BEGIN\n{\n\texit();\n}", "D_PROTO_LEN", "exit( ) prototype mismatch: 0 args passed, 1 expected", 3},
      {"BEGIN { exit(1, 2); }", "D_PROTO_LEN", "exit( ) prototype mismatch: 2 args passed, 1 expected"},
      {"BEGIN { exit(\"a\"); }", "D_PROTO_ARG",
       "exit( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string"},
  });
  Program p = compile_ok("BEGIN { exit(arg0); }");
  ASSERT_EQ(p.actions.size(), 1u);
  EXPECT_EQ(p.actions[0].kind, DTRACEACT_EXIT);
  EXPECT_EQ(p.difos[static_cast<size_t>(p.actions[0].difo)].rtype.dtdt_size, 4u);
  EXPECT_EQ(p.actions[0].type.size, 4u);
}

TEST(Actions, PrintfChecks) {
  expect_errors({
      {"BEGIN { printf(\"%d %s\\n\", 42); }", "D_PRINTF_ARG_PROTO",
       "printf( ) prototype mismatch: conversion #2 (%s) is missing a corresponding value argument"},
      {"BEGIN { printf(\"%d\\n\", \"s\"); }", "D_PRINTF_ARG_TYPE",
       "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n"
       "\t prototype: char, short, int, long, or long long\n\t  argument: string"},
      {"BEGIN { printf(\"%s\\n\", 1); }", "D_PRINTF_ARG_TYPE", "char [] or string"},
      {"BEGIN { printf(\"%d\\n\", 1, 2); }", "D_PRINTF_ARG_EXTRA",
       "printf( ) prototype mismatch: only 1 arguments required by this format string"},
      {"BEGIN { printf(\"\"); }", "D_PRINTF_FMT_EMPTY"},
      {"BEGIN { printf(execname); }", "D_PRINTF_ARG_FMT"},
      {"BEGIN { printf(\"%*d\", \"w\", 1); }", "D_PRINTF_DYN_TYPE"},
      {"BEGIN { printf(\"%@d\", 1); }", "D_PRINTF_AGG_CONV"},
      {"BEGIN { printf(\"%q\", 1); }", "D_SYNTAX", "format conversion #1 is undefined: %q"},
  });
  compile_ok(
      "BEGIN { printf(\"%% %5.2s %-*d %llx %p %c %lu %Y\\n\", execname, 3, 4, 5, 6, 'a', 7, walltimestamp); "
      "}");
}

TEST(Actions, PrintfLayout) {
  Program p = compile_ok("BEGIN { printf(\"%d %s\\n\", 42, \"x\"); exit(0); }");
  ASSERT_EQ(p.actions.size(), 4u);
  EXPECT_EQ(p.actions[0].kind, DTRACEACT_PRINTF);
  EXPECT_EQ(p.actions[0].difo, -1);
  EXPECT_TRUE(p.actions[0].has_format);
  EXPECT_EQ(p.actions[0].format, "%d %s\n");
  EXPECT_EQ(p.actions[0].ntuple, 2u);
  EXPECT_EQ(p.actions[1].kind, DTRACEACT_ARG);
  EXPECT_EQ(p.actions[1].type.kind, ValueType::Kind::Signed);
  EXPECT_EQ(p.actions[2].kind, DTRACEACT_ARG);
  EXPECT_EQ(p.actions[2].type.kind, ValueType::Kind::String);
  EXPECT_EQ(p.actions[3].kind, DTRACEACT_EXIT);
}

TEST(Actions, TraceOperands) {
  expect_errors({
      {"BEGIN { @a = count(); trace(@a); }", "D_TRACE_AGG"},
      {"BEGIN { trace(); }", "D_PROTO_LEN", "trace( ) prototype mismatch: 0 args passed, 1 expected"},
  });
}

TEST(Actions, AggregationLayout) {
  Program p = compile_ok(
      "BEGIN { @s[execname, pid] = sum(arg0); @c = count(); "
      "@q[1] = quantize(arg0, 3); @l = lquantize(arg0, 0, 100, 10); "
      "@ll = llquantize(arg0, 10, 0, 6, 20); @m = max(1); @v = avg(2); @d = stddev(3); @n = min(4); }");
  auto& a = p.actions;
  ASSERT_GE(a.size(), 13u);
  EXPECT_EQ(a[0].kind, DTRACEACT_AGG_SUM);
  EXPECT_EQ(a[0].ntuple, 2u);
  EXPECT_EQ(p.aggs[a[0].aggvar].name, "s");
  EXPECT_EQ(a[1].kind, DTRACEACT_AGGKEY);
  EXPECT_EQ(a[2].kind, DTRACEACT_AGGKEY);
  EXPECT_EQ(a[3].kind, DTRACEACT_AGG_COUNT);
  EXPECT_EQ(a[3].difo, -1);
  EXPECT_EQ(a[3].ntuple, 0u);
  EXPECT_EQ(a[4].kind, DTRACEACT_AGG_QUANTIZE);
  EXPECT_EQ(a[4].ntuple, 2u);
  EXPECT_EQ(a[6].kind, DTRACEACT_AGGINCR);
  EXPECT_EQ(a[7].kind, DTRACEACT_AGG_LQUANTIZE);
  EXPECT_EQ(a[7].arg, DTRACE_LQUANTIZE_ARG(0, 10, 10));
  EXPECT_EQ(a[8].kind, DTRACEACT_AGG_LLQUANTIZE);
  EXPECT_EQ(a[8].arg, DTRACE_LLQUANTIZE_ARG(10, 0, 6, 20));
  ASSERT_EQ(p.aggs[0].keys.size(), 2u);
  EXPECT_EQ(p.aggs[0].keys[0].kind, ValueType::Kind::String);
  EXPECT_EQ(p.aggs[0].func, DTRACEACT_AGG_SUM);
}

TEST(Actions, AggregationErrors) {
  expect_errors({
      {"BEGIN { @a = count(); }\nEND { @a = sum(1); }", "D_AGG_REDEF", "aggregation redefined: @a", 2},
      {"BEGIN { @a = 1; }", "D_AGG_FUNC"},
      {"BEGIN { @a[1] = count(); @a[1, 2] = count(); }", "D_PROTO_LEN"},
      {"BEGIN { @a = lquantize(arg0, 10, 5); }", "D_LQUANT_MISMATCH"},
      {"BEGIN { @a = lquantize(arg0, 0, 10, 20); }", "D_LQUANT_STEPLARGE"},
      {"BEGIN { @a = lquantize(arg0, x, 10); }", "D_IDENT_UNDEF"},
      {"BEGIN { @a = lquantize(arg0, arg1, 10); }", "D_LQUANT_BASETYPE"},
      {"BEGIN { @a = lquantize(arg0, 0, 10); }\nEND { @a = lquantize(arg0, 1, 10); }", "D_LQUANT_MATCHBASE",
       "", 2},
      {"BEGIN { @a = llquantize(arg0, 1, 0, 6, 20); }", "D_LLQUANT_FACTORVAL"},
      {"BEGIN { @a = llquantize(arg0, 10, 0, 6, 25); }", "D_LLQUANT_FACTORVAL"},
      // cc_fuzz found steps 0 dividing by zero.
      {"BEGIN { @a = llquantize(arg0, 10, 1, 2, (0)); }", "D_LLQUANT_STEPVAL",
       "llquantize( ) argument #4 must be an unsigned 16-bit quantity greater than or equal to 1"},
      {"BEGIN { @a = sum(\"s\"); }", "D_AGG_SCALAR"},
      {"BEGIN { printa(1); }", "D_PRINTA_AGGARG"},
  });
}

TEST(Actions, PrintaAndLibacts) {
  Program p = compile_ok(
      "BEGIN { @a[1] = count(); @b[2] = sum(3); } END { printa(\"%d %@d\\n\", @a, @b); "
      "printa(@a); clear(@a); trunc(@b, 5); normalize(@a, 2); denormalize(@a); }");
  size_t i = 4;  // after the two aggregations and their keys
  ASSERT_EQ(p.actions[i].kind, DTRACEACT_PRINTA);
  EXPECT_TRUE(p.actions[i].has_format);
  EXPECT_EQ(p.actions[i].ntuple, 2u);
  const Difo& arg2 = p.difos[static_cast<size_t>(p.actions[i + 2].difo)];
  EXPECT_EQ(arg2.ints[0], 1u);  // @b is aggregation 1
  EXPECT_EQ(p.actions[i + 2].aggvar, 1u);
  EXPECT_EQ(p.actions[i + 1].aggvar, 0u);
  EXPECT_EQ(p.actions[i + 3].kind, DTRACEACT_PRINTA);
  EXPECT_FALSE(p.actions[i + 3].has_format);
  EXPECT_EQ(p.actions[i + 5].kind, DTRACEACT_LIBACT);
  EXPECT_EQ(p.actions[i + 5].arg, static_cast<uint64_t>(DTRACE_LIBACT_CLEAR));
  EXPECT_EQ(p.actions[i + 7].arg, static_cast<uint64_t>(DTRACE_LIBACT_TRUNC));
  EXPECT_EQ(p.actions[i + 7].ntuple, 2u);
}

TEST(Actions, StacksSymbolsAndOthers) {
  Program p = compile_ok(
      "#pragma D option destructive\nBEGIN { stack(); stack(5); ustack(3, 100); sym(caller); usym(ucaller); "
      "tracemem(arg0, 16); raise(9); setopt(\"quiet\"); setopt(\"bufsize\", \"4m\"); "
      "chill(1); }");
  EXPECT_EQ(p.actions[0].kind, DTRACEACT_STACK);
  EXPECT_EQ(p.actions[0].arg, 20u);
  EXPECT_EQ(p.actions[1].arg, 5u);
  EXPECT_EQ(p.actions[2].arg, 3u | (1024ull << 16) | (100ull << 32));  // 8 KiB of stack by default
  EXPECT_EQ(p.actions[3].kind, DTRACEACT_SYM);
  EXPECT_EQ(p.actions[5].kind, DTRACEACT_TRACEMEM);
  EXPECT_EQ(p.actions[5].arg, 16u);
  EXPECT_EQ(p.actions[7].kind, DTRACEACT_SETOPT);
  EXPECT_EQ(p.actions[7].format, "quiet");
  EXPECT_EQ(p.actions[8].ntuple, 1u);
  expect_error("BEGIN { stack(arg0); }", "D_STACK_SIZE", 1);
}

// Every statement is an action of its own, as DTrace compiles it: a
// DIFEXPR returning void, which records nothing, so that ERROR's action
// number and DIF offset are DTrace's.
TEST(Actions, EveryStatementIsAnActionOfItsOwn) {
  Program p = compile_ok("syscall::read:entry { self->ts = timestamp; }");
  ASSERT_EQ(p.clauses.size(), 1u);
  EXPECT_EQ(p.clauses[0].naction, 1u);
  EXPECT_EQ(p.clauses[0].pred, -1);
  ASSERT_EQ(p.actions.size(), 1u);
  EXPECT_EQ(p.actions[0].kind, DTRACEACT_DIFEXPR);
  EXPECT_EQ(p.difos[static_cast<size_t>(p.actions[0].difo)].rtype.dtdt_size, 0u);
  Program q = compile_ok("BEGIN { x = 1; trace(x); y = 2; }");
  ASSERT_EQ(q.actions.size(), 3u);
  EXPECT_EQ(q.clauses[0].pred, -1);
  for (const Action& a : q.actions) {
    EXPECT_EQ(a.kind, DTRACEACT_DIFEXPR);
    EXPECT_EQ(q.difos[static_cast<size_t>(a.difo)].vars.size(), 1u);
  }
  EXPECT_EQ(q.difos[static_cast<size_t>(q.actions[0].difo)].rtype.dtdt_size, 0u);
  EXPECT_NE(q.difos[static_cast<size_t>(q.actions[1].difo)].rtype.dtdt_size, 0u);
  // if/else over plain statements compiles with forward branches.
  compile_ok("BEGIN { if (pid > 1) { x = 1; } else if (pid == 0) x = 2; else { x = 3 } }");
}

TEST(Actions, IfElseWithActionsSplitsTheStatement) {
  Program p = compile_ok(
      "syscall::read:entry, syscall::write:entry { x = 1; if (arg0 > 10) { trace(\"big\"); } "
      "else { trace(\"small\"); exit(0); } y = 2; }\nEND { trace(3); }");
  // Four parts per description, then END.
  ASSERT_EQ(p.clauses.size(), 9u);
  EXPECT_EQ(p.clauses[0].part, 0u);
  EXPECT_EQ(p.clauses[1].part, 0u);
  EXPECT_EQ(p.clauses[2].part, 1u);
  EXPECT_EQ(p.clauses[4].part, 2u);
  EXPECT_EQ(p.clauses[6].part, 3u);
  EXPECT_EQ(p.clauses[7].statement, 0u);
  EXPECT_EQ(p.clauses[8].statement, 1u);
  EXPECT_EQ(p.nstatements, 2u);
  EXPECT_EQ(p.clauses[2].naction, 1u);
  EXPECT_EQ(p.clauses[4].naction, 2u);
  // The parts after the first run under their condition.
  for (const Clause& c : p.clauses) EXPECT_GE(c.pred, c.statement == 0 && c.part > 0 ? 0 : -1);
  // Nested, and without else; nothing after the if: no trailing part.
  Program q = compile_ok("BEGIN { if (pid) { if (tid) trace(1); else trace(2); } }");
  EXPECT_EQ(q.clauses.back().naction, 1u);
}

}  // namespace
}  // namespace dtrace::cc

namespace dtrace::cc {
namespace {

using testing::compile_ok;
using testing::expect_error;
using testing::expect_errors;

TEST(Actions, StacksAndSymbolsAsKeysAndArguments) {
  Program p = compile_ok(
      "BEGIN { @[stack(), execname] = count(); @u[ustack(5), usym(ucaller)] = count(); "
      "printf(\"%k %a\\n\", stack(3), sym(caller)); }");
  EXPECT_EQ(p.actions[1].kind, DTRACEACT_STACK);
  EXPECT_EQ(p.actions[1].difo, -1);
  EXPECT_EQ(p.actions[1].arg, 20u);
  EXPECT_EQ(p.aggs[0].keys[0].ctype, "stack");
  EXPECT_EQ(p.aggs[1].keys[1].ctype, "usym");
  EXPECT_EQ(p.actions[4].kind, DTRACEACT_USTACK);
  EXPECT_EQ(p.actions[5].kind, DTRACEACT_USYM);
  EXPECT_GE(p.actions[5].difo, 0);
  EXPECT_EQ(p.actions[7].kind, DTRACEACT_STACK);
  EXPECT_EQ(p.actions[7].arg, 3u);
  EXPECT_EQ(p.actions[8].kind, DTRACEACT_SYM);
  expect_errors({
      {"BEGIN { x = stack(); }", "D_CG_EXPR"},
      {"BEGIN { @[stack()] = count(); @[1] = count(); }", "D_KEY_TYPE"},
  });
}

TEST(Actions, SpeculationPlacement) {
  compile_ok(
      "BEGIN { self->s = speculation(); } BEGIN { speculate(self->s); trace(1); printf(\"x\"); }"
      " END { commit(self->s); } END { discard(self->s); }");
  expect_errors({
      {"BEGIN { trace(1); speculate(1); }", "D_SPEC_DREC"},
      {"BEGIN { speculate(1); speculate(1); }", "D_SPEC_SPEC"},
      {"BEGIN { speculate(1); @a = count(); }", "D_AGG_SPEC"},
      {"BEGIN { speculate(1); exit(0); }", "D_EXIT_SPEC"},
      {"BEGIN { commit(1); trace(1); }", "D_DREC_COMM"},
      {"BEGIN { trace(1); commit(1); }", "D_COMM_DREC"},
      {"BEGIN { commit(1); commit(1); }", "D_COMM_COMM"},
      {"BEGIN { commit(1); @a = count(); }", "D_AGG_COMM"},
      {"BEGIN { speculate(1); copyout(alloca(1), 0, 1); }", "D_ACT_SPEC",
       "destructive actions may not follow speculate( )"},
  });
}

// discard() and destructive actions record nothing: neither makes a
// later speculate( ) or commit( ) follow data, and discard( ) may follow
// data and commit( ); an aggregation is data a commit( ) may not follow.
TEST(Actions, SpeculationNonRecordingActions) {
  compile_ok("BEGIN { trace(1); discard(1); }");
  compile_ok("BEGIN { commit(1); discard(1); }");
  compile_ok("BEGIN { discard(1); commit(1); }");
  compile_ok("BEGIN { this->a = 1; chill(1); speculate(1); }");
  compile_ok("BEGIN { raise(9); commit(1); }");
  expect_errors({
      {"BEGIN { @a = count(); commit(1); }", "D_COMM_DREC"},
      {"BEGIN { @a = count(); speculate(1); }", "D_SPEC_DREC"},
      {"BEGIN { speculate(1); discard(1); }", "D_SPEC_COMM"},
  });
}

// Each of speculation_order()'s rules, with its message, and the line of
// the action refused.
TEST(Actions, SpeculationOrderMessages) {
  std::vector<testing::ErrorCase> cases = {
      {"commit(1);\nspeculate(1);", "D_SPEC_COMM", "speculate( ) may not follow commit( )"},
      {"speculate(1);\nspeculate(1);", "D_SPEC_SPEC", "speculate( ) may not follow speculate( )"},
      {"trace(1);\nspeculate(1);", "D_SPEC_DREC", "speculate( ) may not follow data-recording action(s)"},
      {"speculate(1);\ncommit(1);", "D_SPEC_COMM", "commit( ) may not follow speculate( )"},
      {"commit(1);\ncommit(1);", "D_COMM_COMM", "commit( ) may not follow commit( )"},
      {"exit(0);\ncommit(1);", "D_COMM_DREC", "commit( ) may not follow data-recording action(s)"},
      {"speculate(1);\ndiscard(1);", "D_SPEC_COMM", "discard( ) may not follow speculate( )"},
      {"speculate(1);\n@a = count();", "D_AGG_SPEC", "aggregating actions may not follow speculate( )"},
      {"commit(1);\n@a = count();", "D_AGG_COMM", "aggregating actions may not follow commit( )"},
      {"speculate(1);\nexit(0);", "D_EXIT_SPEC", "exit( ) may not follow speculate( )"},
      {"commit(1);\nexit(0);", "D_DREC_COMM", "data-recording actions may not follow commit( )"},
      {"speculate(1);\nchill(1);", "D_ACT_SPEC", "destructive actions may not follow speculate( )"},
      {"speculate(1);\ncopyoutstr(\"a\", 0, 1);", "D_ACT_SPEC",
       "destructive actions may not follow speculate( )"},
      {"commit(1);\nprintf(\"x\");", "D_DREC_COMM", "data-recording actions may not follow commit( )"},
  };
  // Each pair of actions is a clause's body: the second stands on line 3.
  for (testing::ErrorCase& c : cases) {
    c.src = "BEGIN {\n" + c.src + "\n}";
    c.line = 3;
  }
  expect_errors(cases);
  compile_ok("BEGIN { speculate(1); trace(1); copyinstr(0); }");
}

TEST(Actions, TracememSizeIsASizeT) {
  expect_error("BEGIN { tracemem(123, \"s\"); }", "D_PROTO_ARG", 1,
               "tracemem( ) argument #2 is incompatible");
}

}  // namespace
}  // namespace dtrace::cc
