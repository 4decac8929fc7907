// The parse pass driver: runs the reentrant scanner and the Bison parser
// over the source and reports the first syntax error DTrace-style.
#include "cc/parse.h"

#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <climits>
#include <algorithm>
#include <cstdlib>

#include "grammar.hh"
#include "util/escape.h"

typedef void* yyscan_t;
int dtcc_lex_init_extra(dtrace::cc::ParseDriver* extra, yyscan_t* scanner);
int dtcc_lex_destroy(yyscan_t scanner);
void dtcc_set_lineno(int line, yyscan_t scanner);
struct yy_buffer_state;
yy_buffer_state* dtcc__scan_bytes(const char* bytes, int len, yyscan_t scanner);

namespace dtrace::cc {

int column_at(std::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  size_t start = text.rfind('\n', offset == 0 ? std::string_view::npos : offset - 1);
  start = start == std::string_view::npos ? 0 : start + 1;
  // Characters, not bytes: a UTF-8 continuation byte adds none.
  int column = 1;
  for (size_t i = start; i < offset; i++)
    if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80) column++;
  return column;
}

int ColumnCounter::at(std::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  auto adds = [&](size_t i) { return (static_cast<unsigned char>(text[i]) & 0xc0) != 0x80 ? 1 : 0; };
  if (text.data() != text_ || offset_ > text.size()) {
    text_ = text.data();
    column_ = column_at(text, offset);
  } else if (offset >= offset_) {
    for (size_t i = offset_; i < offset; i++) column_ = text[i] == '\n' ? 1 : column_ + adds(i);
  } else if (text.substr(offset, offset_ - offset).find('\n') == std::string_view::npos) {
    for (size_t i = offset; i < offset_; i++) column_ -= adds(i);
  } else {
    column_ = column_at(text, offset);
  }
  offset_ = offset;
  return column_;
}

void ParseDriver::note_token(bool pspec, bool comma, Loc loc) {
  prev_pspecs = cur_pspecs;
  if (pspec && pspecs_loc.line == 0) pspecs_loc = loc;
  if (!pspec && !comma) pspecs_loc = {};
  cur_pspecs = pspec ? pspecs_loc : Loc{};
  lex_loc = pred_end_loc.line != 0 ? pred_end_loc : loc;
  pred_end_loc = {};
}

void ParseDriver::syntax_error(Loc loc, bool in_lexer) {
  if (ctx.diags.has_error()) return;  // the lexer already said why
  // As DTrace: only a script file must follow each description list with
  // a predicate or actions (dtrace -n BEGIN is a whole program).
  Loc pspecs = in_lexer ? cur_pspecs : prev_pspecs;
  if (pspecs.line != 0 && !ctx.probe_spec) {
    ctx.error(pspecs, ErrTag::D_SYNTAX, "expected predicate and/or actions following probe description");
    return;
  }
  if (lex.last_eof || lex.last_text.empty())
    ctx.error(loc, ErrTag::D_SYNTAX, "syntax error near end of input");
  else if (lex.near_from != std::string::npos && lex.near_tok == lex.last_text) {
    std::string_view rest = std::string_view(ctx.source).substr(lex.near_from);
    ctx.error(loc, ErrTag::D_SYNTAX, cat("syntax error near \"", rest.substr(0, rest.find('\n')), "\""));
  } else ctx.error(loc, ErrTag::D_SYNTAX, cat("syntax error near \"", lex.last_text, "\""));
}

bool ParseDriver::macro_overflows(const std::string& name, const std::string& text, Loc loc) {
  if (name.empty() || !isdigit(static_cast<unsigned char>(name[0]))) return false;
  errno = 0;
  unsigned long long n = strtoull(name.c_str(), nullptr, 10);
  if (errno == 0 && n <= INT_MAX) return false;
  ctx.error(loc, ErrTag::D_MACRO_OFLOW, cat("macro argument ", text, " overflows int"));
  return true;
}

bool ParseDriver::macro_value(const std::string& name, std::string& out) const {
  const CompileOptions& o = ctx.options;
  if (!name.empty() && isdigit(static_cast<unsigned char>(name[0]))) {
    size_t n = strtoul(name.c_str(), nullptr, 10);
    if (n >= o.macro_args.size()) return false;
    max_arg_used = std::max(max_arg_used, static_cast<long>(n));
    out = o.macro_args[n];
    return true;
  }
  for (const auto& [k, v] : o.macro_vars) {
    if (k == name) {
      out = v;
      return true;
    }
  }
  // Values of this process, as DTrace defines them for the dtrace command.
  if (name == "pid") out = std::to_string(getpid());
  else if (name == "ppid") out = std::to_string(getppid());
  else if (name == "pgid") out = std::to_string(getpgrp());
  else if (name == "sid") out = std::to_string(getsid(0));
  else if (name == "uid") out = std::to_string(getuid());
  else if (name == "gid") out = std::to_string(getgid());
  else if (name == "euid") out = std::to_string(geteuid());
  else if (name == "egid") out = std::to_string(getegid());
  else if (name == "cwd") {
    char buf[4096];
    out = getcwd(buf, sizeof buf) != nullptr ? buf : "";
  } else return false;
  return true;
}

bool ParseDriver::expand_macros(std::string& text, Loc loc) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    if (text[i] != '$') {
      out += text[i++];
      continue;
    }
    size_t j = i + 1;
    if (j < text.size() && text[j] == '$') j++;
    size_t k = j;
    if (k < text.size() && isdigit(static_cast<unsigned char>(text[k]))) {
      while (k < text.size() && isdigit(static_cast<unsigned char>(text[k]))) k++;
    } else {
      while (k < text.size() && (isalnum(static_cast<unsigned char>(text[k])) || text[k] == '_')) k++;
    }
    std::string name = text.substr(j, k - j);
    std::string value;
    if (name.empty()) {
      out += text[i++];
      continue;
    }
    if (macro_overflows(name, text.substr(i, k - i), loc)) return false;
    if (!macro_value(name, value)) {
      if (isdigit(static_cast<unsigned char>(name[0])) && ctx.options.defaultargs) {
        value = "";
      } else {
        ctx.error(loc, ErrTag::D_MACRO_UNDEF,
                  cat("macro argument ", text.substr(i, k - i), " is not defined"));
        return false;
      }
    }
    out += value;
    i = k;
  }
  text = std::move(out);
  return true;
}

const Type* int_literal_type(const TypeTable& types, const IntTok& t) {
  // A character constant is an int, as in C: sizeof ('c') is 4.
  if (t.is_char) return types.int_type();
  uint64_t v = t.value;
  bool may_unsigned = t.unsigned_suffix || !t.decimal;
  if (t.long_suffix == 0) {
    if (!t.unsigned_suffix && v <= INT32_MAX) return types.int_type();
    if (may_unsigned && v <= UINT32_MAX) return types.uint_type();
  }
  if (!t.unsigned_suffix && v <= INT64_MAX) return types.long_type();
  return types.ulong_type();
}

namespace {
// D's named escapes in a string or character literal.
constexpr ByteEscape kStringEscapes[] = {{'\n', "\\n"}, {'\t', "\\t"}, {'\v', "\\v"},
                                         {'\b', "\\b"}, {'\r', "\\r"}, {'\f', "\\f"},
                                         {'\a', "\\a"}, {'"', "\\\""}, {'\\', "\\\\"}};
}  // namespace

std::string unescape(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); i++) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[++i];
    if (const ByteEscape* named = escape_for_letter(kStringEscapes, e)) {
      out += named->byte;
    } else if (e == 'x') {
      // As DTrace: every hex digit that follows, the low byte kept.
      unsigned v = 0;
      while (i + 1 < body.size() && isxdigit(static_cast<unsigned char>(body[i + 1]))) {
        char h = body[++i];
        v = v * 16 + (isdigit(static_cast<unsigned char>(h)) ? h - '0' : (tolower(h) - 'a' + 10));
      }
      out += static_cast<char>(v & 0xff);
    } else if (e >= '0' && e <= '7') {
      int v = e - '0', n = 1;
      while (i + 1 < body.size() && n < 3 && body[i + 1] >= '0' && body[i + 1] <= '7') {
        v = v * 8 + (body[++i] - '0');
        n++;
      }
      out += static_cast<char>(v);
    } else {
      // As DTrace: any other escape (\' and \? too) keeps its backslash.
      out += '\\';
      out += e;
    }
  }
  return out;
}

bool parse(CompileContext& ctx) {
  ParseDriver drv(ctx);
  yyscan_t scanner = nullptr;
  dtcc_lex_init_extra(&drv, &scanner);
  drv.scanner = scanner;
  dtcc__scan_bytes(ctx.source.data(), static_cast<int>(ctx.source.size()), scanner);
  dtcc_set_lineno(1, scanner);
  yy::Parser parser(drv);
  int rc = parser.parse();
  dtcc_lex_destroy(scanner);
  if (rc != 0 && !ctx.diags.has_error()) drv.syntax_error(Loc{});
  // As DTrace: pragmas are no part of the program; -x empty lets a
  // program without clauses or declarations compile.
  if (rc == 0 && ctx.ast.items.empty() && !ctx.library && !ctx.options.empty && !ctx.diags.has_error())
    ctx.error(Loc{1, 1}, ErrTag::D_EMPTY, "empty D program translation unit");
  // As DTrace: an operand after the program that it never uses is taken
  // for a mistake, unless -x argref says operands may go unused.
  size_t argc = ctx.options.macro_args.size();
  if (rc == 0 && !ctx.library && !ctx.options.argref && argc > 1 && !ctx.diags.has_error() &&
      drv.max_arg_used < static_cast<long>(argc - 1))
    ctx.error(drv.loc_at(ctx.source.size(),
                         1 + static_cast<int>(std::count(ctx.source.begin(), ctx.source.end(), '\n'))),
              ErrTag::D_MACRO_UNUSED,
              cat("extraneous argument '", ctx.options.macro_args[argc - 1], "' ($", argc - 1,
                  " is not referenced)"));
  return rc == 0 && !ctx.diags.has_error();
}

}  // namespace dtrace::cc
