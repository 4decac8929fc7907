// Lexer and grammar: what parses, and syntax errors with line and token.
#include <gtest/gtest.h>

#include "cc/context.h"
#include "cc/parse.h"
#include "test/unit/cc/compile_util.h"

namespace dtrace::cc {
namespace {

using testing::compile_ok;
using testing::expect_error;
using testing::expect_errors;

struct Parsed {
  TypeTable types;
  IdentTable idents;
  CompileOptions opts;
  std::unique_ptr<CompileContext> ctx;
  bool ok = false;
};

std::unique_ptr<Parsed> parse_only(const std::string& src, CompileOptions o = {}, bool probe_spec = false) {
  auto p = std::make_unique<Parsed>();
  p->opts = std::move(o);
  p->ctx = std::make_unique<CompileContext>(src, p->opts, p->types, p->idents);
  p->ctx->probe_spec = probe_spec;
  p->ok = parse(*p->ctx);
  return p;
}

ast::Clause* clause(Parsed& p, size_t i) {
  size_t n = 0;
  for (ast::Node* node : p.ctx->ast.items)
    if (node->kind() == ast::Kind::Clause && n++ == i) return static_cast<ast::Clause*>(node);
  return nullptr;
}

TEST(Parse, ProbeDescriptionsAreSingleTokens) {
  auto p = parse_only(
      "syscall::read:entry, fbt:vmlinux:vfs_*:entry,\nprofile-997 { }\n"
      "pid1234:a.out:main:entry{}\n:::BEGIN {}\nfbt::[a-c]*:return { }");
  ASSERT_TRUE(p->ok) << p->ctx->diags.first().message;
  ast::Clause* c = clause(*p, 0);
  ASSERT_EQ(c->probes.size(), 3u);
  EXPECT_EQ(c->probes[0].text, "syscall::read:entry");
  EXPECT_EQ(c->probes[1].text, "fbt:vmlinux:vfs_*:entry");
  EXPECT_EQ(c->probes[2].text, "profile-997");
  EXPECT_EQ(c->probes[2].loc.line, 2);
  EXPECT_EQ(clause(*p, 1)->probes[0].text, "pid1234:a.out:main:entry");
  EXPECT_EQ(clause(*p, 3)->probes[0].text, "fbt::[a-c]*:return");
}

TEST(Parse, BareDescriptionIsAClauseWithoutBody) {
  // In a -n argument only: a script file must give a predicate or actions.
  auto p = parse_only("BEGIN", {}, true);
  ASSERT_TRUE(p->ok);
  ASSERT_NE(clause(*p, 0), nullptr);
  EXPECT_EQ(clause(*p, 0)->body, nullptr);
  auto q = parse_only("BEGIN, END\n", {}, true);
  ASSERT_TRUE(q->ok);
  EXPECT_EQ(clause(*q, 0)->probes.size(), 2u);
  EXPECT_FALSE(parse_only("BEGIN")->ok);
}

TEST(Parse, MacroVariablesExpandInDescriptionsAndExpressions) {
  CompileOptions o;
  o.macro_args = {"script", "42", "foo"};
  o.macro_vars = {{"target", "1234"}};
  auto p = parse_only("pid$target:a.out:main:entry { trace($1); trace($$2); }", o);
  ASSERT_TRUE(p->ok) << p->ctx->diags.first().message;
  EXPECT_EQ(clause(*p, 0)->probes[0].text, "pid1234:a.out:main:entry");
  expect_error("BEGIN { trace($3); }", "D_MACRO_UNDEF", 1, "macro argument $3 is not defined", o);
  o.defaultargs = true;
  compile_ok("BEGIN { trace($$2); trace($3); trace($$4); }", o);
  // A value too big for 64 bits is DTrace's D_MACRO_OFLOW.
  CompileOptions big;
  big.macro_args = {"script", "0x12345678123456781"};
  expect_error("BEGIN { $1; }", "D_MACRO_OFLOW", 1,
               "macro argument $1 constant 0x12345678123456781 results in integer overflow", big);
}

TEST(Parse, MacroArgumentsNeitherIntegerNorIdentifierAreStrings) {
  // $0 is the script's path; "a b" and "\"q\\tx\"" read as strings
  // too (enclosing quotes dropped, escapes processed), as DTrace reads them.
  CompileOptions o;
  o.macro_args = {"test/x.d", "a b", "\"q\\tx\"", "-3", "ident"};
  auto p = parse_only("BEGIN { trace($0); trace($1); trace($2); trace($3); trace($4); }", o);
  ASSERT_TRUE(p->ok) << p->ctx->diags.first().message;
  auto* body = clause(*p, 0)->body;
  auto arg = [&](size_t i) {
    return static_cast<ast::Call*>(static_cast<ast::ExprStmt*>(body->stmts[i])->expr)->args[0];
  };
  ASSERT_EQ(arg(0)->kind(), ast::Kind::StrLit);
  EXPECT_EQ(static_cast<ast::StrLit*>(arg(0))->value, "test/x.d");
  ASSERT_EQ(arg(1)->kind(), ast::Kind::StrLit);
  EXPECT_EQ(static_cast<ast::StrLit*>(arg(1))->value, "a b");
  ASSERT_EQ(arg(2)->kind(), ast::Kind::StrLit);
  EXPECT_EQ(static_cast<ast::StrLit*>(arg(2))->value, "q\tx");
  EXPECT_EQ(arg(3)->kind(), ast::Kind::IntLit);
  EXPECT_NE(arg(4)->kind(), ast::Kind::StrLit);
}

TEST(Parse, LastOperandMustBeReferencedUnlessArgref) {
  CompileOptions o;
  o.macro_args = {"script", "42", "7"};
  expect_error("BEGIN { trace($1); }\nEND { }", "D_MACRO_UNUSED", 2,
               "extraneous argument '7' ($2 is not referenced)", o);
  compile_ok("BEGIN { trace($2); }", o);   // only the last one counts, as in DTrace
  compile_ok("syscall::$2:entry { }", o);  // in a probe description too
  o.argref = true;
  compile_ok("BEGIN { trace($1); }", o);
  o.macro_args = {"script"};
  o.argref = false;
  compile_ok("BEGIN { }", o);
}

TEST(Parse, PredicateSlashIsDivisionUnlessFollowedByBodyOrEnd) {
  auto p = parse_only("BEGIN /10 / 2 == 5/ { }\nEND\n/ 4 /\n2 / { }");
  ASSERT_TRUE(p->ok) << p->ctx->diags.first().message;
  EXPECT_EQ(clause(*p, 0)->pred->kind(), ast::Kind::Binary);
  EXPECT_EQ(static_cast<ast::Binary*>(clause(*p, 1)->pred)->op, ast::Op::Div);
}

TEST(Parse, PragmasCommentsAndInterpreterLine) {
  auto p = parse_only(
      "#!/usr/sbin/dtrace -s\n#pragma D option quiet\n/* a\ncomment */\n"
      "// line comment\nBEGIN { /* in body */ exit(0); }\n  #pragma D option bufsize=4m\n");
  ASSERT_TRUE(p->ok) << p->ctx->diags.first().message;
  ASSERT_EQ(p->ctx->ast.pragmas.size(), 2u);
  EXPECT_EQ(p->ctx->ast.pragmas[0].text, "D option quiet");
  EXPECT_EQ(p->ctx->ast.pragmas[0].loc.line, 2);
  EXPECT_EQ(p->ctx->ast.pragmas[1].loc.line, 7);
  Program prog = compile_ok(
      "#pragma D option quiet\n#pragma D option bufsize=4m\n#pragma D option switchrate=10hz\nBEGIN {}");
  ASSERT_EQ(prog.pragma_options.size(), 3u);
  EXPECT_EQ(prog.pragma_options[0], (std::pair<std::string, std::string>{"quiet", ""}));
  EXPECT_EQ(prog.pragma_options[1], (std::pair<std::string, std::string>{"bufsize", "4m"}));
  EXPECT_EQ(prog.pragma_options[2], (std::pair<std::string, std::string>{"switchrate", "10hz"}));
  // One option a pragma, as in DTrace.
  expect_error("#pragma D option nspec=24 * 44\nBEGIN {}", "D_PRAGMA_MALFORM", 1,
               "superfluous arguments specified for #pragma option");
}

TEST(Parse, LiteralsAndEscapes) {
  auto p = parse_only(
      "BEGIN { trace(\"a\\tb\\n\\\"q\\\"\\101\\x42\"); trace('A'); trace(0x10UL); "
      "trace(017); trace(4294967296); }");
  ASSERT_TRUE(p->ok) << p->ctx->diags.first().message;
  auto* body = clause(*p, 0)->body;
  auto arg = [&](size_t i) {
    return static_cast<ast::Call*>(static_cast<ast::ExprStmt*>(body->stmts[i])->expr)->args[0];
  };
  EXPECT_EQ(static_cast<ast::StrLit*>(arg(0))->value, "a\tb\n\"q\"AB");
  EXPECT_EQ(static_cast<ast::IntLit*>(arg(1))->value, 65u);
  EXPECT_EQ(static_cast<ast::IntLit*>(arg(2))->value, 16u);
  EXPECT_EQ(static_cast<ast::IntLit*>(arg(2))->lit_type->name, "unsigned long");
  EXPECT_EQ(static_cast<ast::IntLit*>(arg(3))->value, 15u);
  EXPECT_EQ(static_cast<ast::IntLit*>(arg(4))->lit_type->name, "long");
}

// DTrace reads \" and \\ as the character, and keeps the backslash of
// an escape it does not know (\? and \' among them); \x takes every hex
// digit that follows, keeping the low byte.
TEST(Parse, EscapesKeepUnknownBackslashes) {
  EXPECT_EQ(unescape("\\?\\\\\\'\\\"\\c"), "\\?\\\\'\"\\c");
  EXPECT_EQ(unescape("\\x4D\\x141"), "MA");
  EXPECT_EQ(unescape("\\0103"), "\0103");
  auto p = parse_only("BEGIN { trace('\\''); trace('\\?'); trace('\\\\'); }");
  ASSERT_TRUE(p->ok) << p->ctx->diags.first().message;
  auto* body = clause(*p, 0)->body;
  auto arg = [&](size_t i) {
    return static_cast<ast::Call*>(static_cast<ast::ExprStmt*>(body->stmts[i])->expr)->args[0];
  };
  EXPECT_EQ(static_cast<ast::IntLit*>(arg(0))->value, 0x5c27u);
  EXPECT_EQ(static_cast<ast::IntLit*>(arg(1))->value, 0x5c3fu);
  EXPECT_EQ(static_cast<ast::IntLit*>(arg(2))->value, 0x5cu);
}

TEST(Parse, OperatorPrecedence) {
  auto p = parse_only("BEGIN { x = 1 + 2 * 3 << 1 == 14 && 1 ^^ 0 || 0; }");
  ASSERT_TRUE(p->ok);
  auto* e = static_cast<ast::Assign*>(static_cast<ast::ExprStmt*>(clause(*p, 0)->body->stmts[0])->expr);
  auto* lor = static_cast<ast::Binary*>(e->rhs);
  EXPECT_EQ(lor->op, ast::Op::LogOr);
  auto* lxor = static_cast<ast::Binary*>(lor->lhs);
  EXPECT_EQ(lxor->op, ast::Op::LogXor);
  auto* land = static_cast<ast::Binary*>(lxor->lhs);
  EXPECT_EQ(land->op, ast::Op::LogAnd);
  EXPECT_EQ(static_cast<ast::Binary*>(land->lhs)->op, ast::Op::Eq);
}

TEST(Parse, FullExpressionSyntax) {
  auto p = parse_only(
      "BEGIN { a = b ? c : d; x[1, \"a\"] = self->y++; --this->z; @c[probefunc] = count();"
      " @ = quantize(sizeof(int)); i = (uint64_t)x >> 2; s = stringof(p); j = -~!k;"
      " t = offsetof(struct foo, bar); q = xlate <struct psinfo *>(curthread); y = *p;"
      " r = p->a.b[3]; i += 2; i <<= 1; v = `max_pfn; w = vmlinux`jiffies;"
      " if (x) { y = 1; } else if (z) y = 2; else { y = 3 } }");
  EXPECT_TRUE(p->ok) << p->ctx->diags.first().message;
}

TEST(Parse, Declarations) {
  auto p = parse_only(
      "typedef unsigned long long myint_t;\nstruct point { int x; int y; };\n"
      "enum color { RED, GREEN = 5, BLUE };\nself int depth;\nthis string name;\n"
      "int counts[string, int];\nmyint_t total;\ninline int LIMIT = 10;\n"
      "translator struct point < struct point *p > { x = p->x; y = 1; };\n"
      "provider myprov { probe start(int, char *); probe done__now(); };\n"
      "BEGIN { trace(LIMIT); }");
  ASSERT_TRUE(p->ok) << p->ctx->diags.first().message;
  EXPECT_NE(p->types.lookup("myint_t"), nullptr);
  EXPECT_EQ(p->types.lookup("myint_t")->size, 8u);
  const Type* pt = p->types.lookup_tag(Type::Kind::Struct, "point");
  ASSERT_NE(pt, nullptr);
  EXPECT_EQ(pt->size, 8u);
  EXPECT_EQ(pt->member("y")->offset, 4u);
}

TEST(Parse, OffsetofMemberMayBeAKeyword) {
  auto p = parse_only(
      "BEGIN { a = offsetof(struct cgroup, self); b = offsetof(struct k, string);"
      " c = offsetof(struct a, counter) + offsetof(struct t, this);"
      " d = offsetof(struct u, probe) + sizeof(int) + f(1, offsetof(struct v, xlate)); }");
  ASSERT_TRUE(p->ok) << p->ctx->diags.first().message;
  auto* e = static_cast<ast::Assign*>(static_cast<ast::ExprStmt*>(clause(*p, 0)->body->stmts[0])->expr);
  ASSERT_EQ(e->rhs->kind(), ast::Kind::Offsetof);
  EXPECT_EQ(static_cast<ast::Offsetof*>(e->rhs)->member, "self");
  // Only offsetof's member: a keyword after another comma stays one.
  expect_error("BEGIN { f(offsetof(struct s, a), self); }", "D_SYNTAX", 1, "near \")\"");
}

TEST(Parse, FunctionPointerDeclaratorsNestAsInC) {
  // Each type is named as C writes it (in the error about assigning it a
  // string: D_OP_ARRFUN for an array, D_OP_INCOMPAT for a pointer).
  const char* decls[][3] = {
      {"int (*v[4])(int)", "int (*[4])(int)", "D_OP_ARRFUN"},
      {"int (*(*v)(int))(char)", "int (*(*)(int))(char)", "D_OP_INCOMPAT"},
      {"int (*(*v[2])(int))(char)", "int (*(*[2])(int))(char)", "D_OP_ARRFUN"},
      {"int (**v[2][3])(void)", "int (**[2][3])(void)", "D_OP_ARRFUN"},
      {"int (*(*(*v)(long))(int))(char)", "int (*(*(*)(long))(int))(char)", "D_OP_INCOMPAT"},
  };
  for (const auto& d : decls) expect_error(std::string(d[0]) + ";\nBEGIN { v = \"s\"; }", d[2], 2, d[1]);
  compile_ok(
      "struct s { int (*ops[3])(int); int x; };\n"
      "BEGIN { trace(sizeof(int (*[4])(int)) + sizeof(int (*(*[5])(int))(char))); }");
  expect_error("int (*f)(int)[4];", "D_DECL_COMBO", 1, "function returning an array");
  expect_error("BEGIN { trace(sizeof(int (*)(int)[4])); }", "D_DECL_COMBO", 1);
}

TEST(Parse, SyntaxErrorsNameTheTokenAndLine) {
  expect_errors({
      {"BEGIN { trace(1); }\n}", "D_SYNTAX", "syntax error near \"}\"", 2},
      {"BEGIN\n{\n  x = 1 + ;\n}", "D_SYNTAX", "syntax error near \";\"", 3},
      {"BEGIN { trace(1) ", "D_SYNTAX", "syntax error near end of input"},
      {"BEGIN { trace(1) ]", "D_SYNTAX", "extra ] in input stream"},
      {"BEGIN\nEND { }", "D_SYNTAX", "expected predicate and/or actions following probe description"},
      {"BEGIN { x = 1 $ }", "D_SYNTAX", "syntax error near \"$\""},
      // At a name DTrace's lexer did not know as a variable (it looked past
      // it), "near" runs to the end of the line; at a known one, the name.
      {"BEGIN { trace(offsetof(nosuch_t, m)); }\n", "D_SYNTAX", "syntax error near \"nosuch_t, m)); }\""},
      {"typedef nosuch new_int;\n", "D_SYNTAX", "syntax error near \"new_int;\""},
      {"BEGIN { trace(1 pid); }", "D_SYNTAX", "syntax error near \"pid\""},
      // A name of backquotes alone is a symbol, unknown (DTrace's lexer reads it as a name).
      {"BEGIN { trace(sizeof (`)); }", "D_IDENT_UNDEF", "failed to resolve `: Unknown symbol name"},
      {"BEGIN /x/", "D_SYNTAX", "end of input"},
      {"BEGIN { trace(\"abc\n\"); }", "D_STR_NL", "newline encountered in string literal", 2},
      {"BEGIN { trace(''); }", "D_CHR_NULL"},
      {"BEGIN { trace(09); }", "D_INT_DIGIT"},
      {"BEGIN { trace(99999999999999999999); }", "D_INT_OFLOW"},
      // Both at the line the input ends on, as DTrace's lexer reports them.
      {"/* unterminated\nBEGIN {}\n", "D_SYNTAX", "end-of-file encountered before matching */", 3},
      {"BEGIN {}\n#pragma", "D_SYNTAX", "end-of-file encountered before end of control line", 2},
      {"\n\n#foo bar\nBEGIN {}", "D_PRAGCTL_INVAL", "invalid control directive: #foo", 3},
      {"#include <stdio.h>\nBEGIN {}", "D_PRAGCTL_INVAL",
       "invalid control directive: #include (C preprocessor directives need dtrace -C)"},
      {"BEGIN {}\n#  ifdef X\n", "D_PRAGCTL_INVAL",
       "invalid control directive: #ifdef (C preprocessor directives need dtrace -C)", 2},
      {"BEGIN { trace(1.5); }", "D_SYNTAX", "floating-point"},
  });
}

TEST(Parse, LineMarkersRenumber) { expect_error("# 40 \"x.d\"\nBEGIN { ]", "D_SYNTAX", 40, "extra ]"); }

}  // namespace
}  // namespace dtrace::cc
