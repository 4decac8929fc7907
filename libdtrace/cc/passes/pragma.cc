#include "cc/passes/pragma.h"

#include <sstream>

#include "cc/builtins.h"

namespace dtrace::cc {
namespace {

std::vector<std::string> words(const std::string& s) {
  std::istringstream is(s);
  std::vector<std::string> out;
  for (std::string w; is >> w;) out.push_back(w);
  return out;
}

bool malformed_option(CompileContext& ctx, Loc loc) {
  ctx.error(loc, ErrTag::D_PRAGMA_MALFORM, "malformed #pragma option <option>=<val>");
  return false;
}

// `#pragma D option a=b`: set as it is read, so a compile-time option
// rules the rest of this compile.
bool set_options(CompileContext& ctx, const std::vector<std::string>& w, Loc loc) {
  if (w.size() < 3) return malformed_option(ctx, loc);
  // One option a pragma, as in DTrace: nspec=24 * 44 is not an expression.
  if (w.size() > 3) {
    ctx.error(loc, ErrTag::D_PRAGMA_MALFORM, "superfluous arguments specified for #pragma option");
    return false;
  }
  for (size_t i = 2; i < w.size(); i++) {
    std::string name = w[i], value;
    size_t eq = name.find('=');
    if (eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (name.empty()) return malformed_option(ctx, loc);
    if (ctx.options.set_option) {
      Status st = ctx.options.set_option(name, value, ctx.options);
      if (!st) {
        ctx.error(loc, ErrTag::D_PRAGMA_OPTSET,
                  eq == std::string::npos
                      ? cat("failed to set option '", name, "': ", st.error().message)
                      : cat("failed to set option '", name, "' to '", value, "': ", st.error().message));
        return false;
      }
    }
    ctx.out.pragma_options.emplace_back(name, value);
  }
  return true;
}

// `#pragma D depends_on <class> <name>`: a provider or module is not
// checked here; only a library may depend on a library.
bool depends_on(CompileContext& ctx, const std::vector<std::string>& w, Loc loc) {
  if (w.size() != 4) {
    ctx.error(loc, ErrTag::D_PRAGMA_MALFORM, "malformed #pragma depends_on <class> <name>");
    return false;
  }
  if (w[2] == "library" && !ctx.library) {
    ctx.error(loc, ErrTag::D_PRAGMA_DEPEND, "main program may not explicitly depend on a library");
    return false;
  }
  if (w[2] != "library" && w[2] != "provider" && w[2] != "module") {
    ctx.error(loc, ErrTag::D_PRAGMA_INVAL, cat("invalid class ", w[2], " specified by #pragma depends_on"));
    return false;
  }
  return true;
}

}  // namespace

bool apply_pragma(CompileContext& ctx, const ast::Pragma& p) {
  std::vector<std::string> w = words(p.text);
  if (w.empty() || w[0] != "D") return true;  // not ours: ignored, as DTrace does
  if (w.size() < 2) {
    ctx.error(p.loc, ErrTag::D_PRAGMA_MALFORM, "malformed #pragma D directive");
    return false;
  }
  const std::string& what = w[1];
  if (what == "option") return set_options(ctx, w, p.loc);
  if (what == "error") {
    // DTrace's words: "#error: " and each word after it (a string
    // without its quotes), each followed by a space.
    std::string msg, rest = p.text.substr(p.text.find("error") + 5);
    for (size_t i = rest.find_first_not_of(" \t"); i < rest.size(); i = rest.find_first_not_of(" \t", i)) {
      bool quoted = rest[i] == '"';
      size_t end = quoted ? rest.find('"', i + 1) : rest.find_first_of(" \t", i);
      if (end == std::string::npos) end = rest.size();
      msg += rest.substr(i + quoted, end - i - quoted) + " ";
      i = end + quoted;
    }
    ctx.error(p.loc, ErrTag::D_PRAGERR, cat("#error: ", msg));
    return false;
  }
  if (what == "depends_on") return depends_on(ctx, w, p.loc);
  if (what == "attributes" && w.size() < 4) {
    ctx.error(p.loc, ErrTag::D_PRAGMA_MALFORM, "malformed #pragma attributes <attributes> <ident>");
    return false;
  }
  if (what == "attributes" || what == "binding" || what == "ident" || what == "line") return true;
  ctx.error(p.loc, ErrTag::D_PRAGMA_INVAL, cat("invalid control directive: #pragma D ", what));
  return false;
}

bool check_pragmas_used(CompileContext& ctx) {
  for (const ast::Pragma& p : ctx.ast.pragmas) {
    std::vector<std::string> w = words(p.text);
    // #pragma D attributes|binding <value> <ident>; the provider form
    // names a provider, not an identifier.
    if (w.size() < 4 || w[0] != "D" || (w[1] != "attributes" && w[1] != "binding") || w[3] == "provider")
      continue;
    const std::string& name = w[3];
    if (ctx.idents.find(VarScope::Global, name) || ctx.idents.find_inline(name) || find_builtin_var(name))
      continue;
    ctx.error(p.loc, ErrTag::D_PRAGMA_UNUSED, cat("unused #pragma ", w[1]));
    return false;
  }
  return true;
}

}  // namespace dtrace::cc
