// Where a compile error is: the public Error's line and column (1-based,
// characters of the line; a tab is one) and its typed tag, from each
// stage that reports one.
#include "test/unit/cc/compile_util.h"

namespace dtrace::cc::testing {
namespace {

void expect_at(const std::string& src, ErrTag tag, int line, int column, CompileOptions opts = {}) {
  auto r = compile(src, std::move(opts));
  ASSERT_FALSE(r.ok()) << "compiled: " << src;
  EXPECT_EQ(r.error().tag, tag) << src << "\n => [" << errtag_name(r.error().tag) << "] "
                                << r.error().message;
  EXPECT_EQ(r.error().line, line) << src << "\n => " << r.error().message;
  EXPECT_EQ(r.error().column, column) << src << "\n => " << r.error().message;
}

TEST(ErrorPosition, LexerBadCharacterAfterTabs) {
  expect_at("BEGIN\n{\n\ttrace(1 \\ 2);\n}\n", ErrTag::D_SYNTAX, 3, 10);
}

TEST(ErrorPosition, LexerBadOctalDigit) {
  expect_at("BEGIN {\n\t\tx = 0128;\n}\n", ErrTag::D_INT_DIGIT, 2, 7);
}

TEST(ErrorPosition, LexerCountsCharactersNotBytes) {
  expect_at("BEGIN { trace(\"\xc3\xa9\"); \\ }", ErrTag::D_SYNTAX, 1, 21);
}

TEST(ErrorPosition, ParserSyntaxErrorAtItsToken) {
  expect_at("BEGIN\n{\n\tx = ;\n}\n", ErrTag::D_SYNTAX, 3, 6);
}

TEST(ErrorPosition, AfterMultiLineComment) {
  expect_at("/* a\n   b */ BEGIN { x = ; }", ErrTag::D_SYNTAX, 2, 21);
}

TEST(ErrorPosition, UnterminatedCommentAtTheEnd) {
  // DTrace's lexer is at the end of input when it finds the comment open.
  expect_at("BEGIN { }\n  /* open\n\n", ErrTag::D_SYNTAX, 4, 1);
}

TEST(ErrorPosition, LineMarkerRenumbersLinesNotColumns) {
  expect_at("#line 10\nBEGIN {\n  x = ;\n}\n", ErrTag::D_SYNTAX, 11, 7);
}

TEST(ErrorPosition, PredicateEndLookahead) {
  // DTrace reads on from the closing '/' to the next non-blank character.
  expect_at("BEGIN\n/ (1\n\t/ { }\n", ErrTag::D_SYNTAX, 3, 4);
}

TEST(ErrorPosition, NewlineInStringAtNextLineStart) {
  expect_at("BEGIN { trace(\"abc\n\"); }", ErrTag::D_STR_NL, 2, 1);
}

TEST(ErrorPosition, InvalidControlDirectiveAtHash) {
  expect_at("BEGIN { }\n\t#foo\n", ErrTag::D_PRAGCTL_INVAL, 2, 2);
}

TEST(ErrorPosition, UndefinedIdentifier) {
  expect_at("BEGIN\n{\n\ttrace(\tnosuchvar);\n}\n", ErrTag::D_IDENT_UNDEF, 3, 9);
}

TEST(ErrorPosition, TypecheckArgument) {
  expect_at("BEGIN\n{\n\t\tstrlen(1);\n}\n", ErrTag::D_PROTO_ARG, 3, 10);
}

TEST(ErrorPosition, OperatorAtTheTokenWhoseLineItHas) {
  // A node built when the parser reduces (an operator) has the line DTrace
  // gives it, the lexer's after the lookahead, and that token's column.
  expect_at("BEGIN\n{\n\ttrace(\"a\" + 1\n\t);\n}\n", ErrTag::D_OP_INCOMPAT, 4, 2);
}

}  // namespace
}  // namespace dtrace::cc::testing
