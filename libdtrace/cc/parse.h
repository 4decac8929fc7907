// The "parse" pass: D source text -> ast::Program (lexer.l + grammar.y).
//
// Lexing is modal, as D requires: at the top level (Prog mode) the text
// up to whitespace, ',', '/' or '{' is one probe description token
// (PSPEC); after '{' (clause body), after a predicate's opening '/' or
// after a declaration keyword the lexer reads C-like tokens (Expr mode)
// until the matching '}', the predicate's closing '/' or the ';' that
// ends the declaration. A '/' inside a predicate closes it when the
// next non-blank character is end of input, ';', '{' or '/', and is a
// division otherwise. Control lines (#pragma, #line, #!) are consumed by
// the lexer; pragmas are stored in ast::Program::pragmas for the pragma
// pass. $n and $name macro variables are expanded by the lexer.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cc/context.h"
#include "cc/loc.h"

namespace dtrace::cc {

// An integer or character constant as lexed.
struct IntTok {
  uint64_t value = 0;
  bool unsigned_suffix = false;
  int long_suffix = 0;  // 0, 1 (l) or 2 (ll)
  bool decimal = true;
  bool is_char = false;
  std::string text;
};

struct LexState {
  enum class Mode : uint8_t { Prog, Expr };
  enum class Ctx : uint8_t { Body, Pred, Decl };
  Mode mode = Mode::Prog;
  Ctx ctx = Ctx::Body;
  int depth = 0;          // braces in Body/Decl
  int parens = 0;         // open parentheses since Expr mode began
  int brackets = 0;       // open brackets likewise
  size_t pos = 0;         // offset in the source after the current match
  size_t tok_start = 0;   // offset of the current match
  std::string last_text;  // text of the last token returned ("" at EOF)
  bool last_eof = false;
  // a.out`struct point: the object scoping the tag that follows.
  std::string scope;
  // Open offsetof( ... ): the parenthesis depth inside each; after its
  // comma at that depth the member name may be any word.
  std::vector<int> offsetof_parens;
  // An identifier DTrace's lexer looks past (one it does not know as a
  // variable: is it a type name?): a syntax error at it is "near" the
  // rest of its line, as DTrace's yytext is after that look. near_from is
  // where it starts (npos: none), near_tok its text.
  size_t near_from = std::string::npos;
  std::string near_tok;
  // Names followed by what starts an assignment (++ -- = [ ; and a comma
  // outside parentheses): DTrace's lexer knows them as variables from then.
  std::set<std::string> seen_vars;
};

struct ParseDriver {
  explicit ParseDriver(CompileContext& c) : ctx(c) {}
  CompileContext& ctx;
  void* scanner = nullptr;
  LexState lex;

  // Reports `syntax error near "<last token>"` (or "end of input"), or,
  // in a script file, DTrace's words for a probe description followed by
  // neither a predicate nor actions. in_lexer: the offending token is the
  // one being scanned, not the parser's lookahead.
  void syntax_error(Loc loc, bool in_lexer = false);
  // Called for every token the parser reads: keeps where the probe
  // description list that ends at the current and at the previous token is.
  void note_token(bool pspec, bool comma, Loc loc);
  Loc pspecs_loc;   // first description of the list being read
  Loc cur_pspecs;   // the current token ends a list: where it starts, else {}
  Loc prev_pspecs;  // the same for the token before
  // The lexer's line once it has read the last token (the parser's
  // lookahead when it read one): DTrace's yylineno, the line it gives a
  // node it builds and a declaration it checks as the parser reduces
  // them. The closing '/' of a predicate reads on to the next non-blank
  // character, and so does the position (pred_end_loc, that character's).
  // The column is that token's (or character's), so that line and column
  // name one place.
  Loc lex_loc{1, 1};
  Loc pred_end_loc;
  // The character at `offset` of the source, on `line` (the lexer's count).
  Loc loc_at(size_t offset, int line) const { return Loc{line, columns.at(ctx.source, offset)}; }
  mutable ColumnCounter columns;
  // Expands $n / $$n / $name in a probe description; false on error.
  bool expand_macros(std::string& text, Loc loc);
  // The value of a macro variable ("1", "target", "pid"), or false.
  bool macro_value(const std::string& name, std::string& out) const;
  // $N with N above INT_MAX: reports D_MACRO_OFLOW and returns true.
  bool macro_overflows(const std::string& name, const std::string& text, Loc loc);
  // Highest $N the program referenced (-1: none): without -x argref the
  // last operand must be referenced (D_MACRO_UNUSED).
  mutable long max_arg_used = -1;
};

// The pass: fills ctx.ast; returns false (with a diagnostic) on error.
bool parse(CompileContext& ctx);

// The C type of an integer constant (int, long, unsigned ... per C99/LP64).
const Type* int_literal_type(const TypeTable& types, const IntTok& tok);
// Escape processing for string/char literal bodies; false on a bad escape.
std::string unescape(std::string_view body);

}  // namespace dtrace::cc
