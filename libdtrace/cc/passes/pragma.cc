#include "cc/passes/pragma.h"

#include <sstream>

namespace dtrace::cc {
namespace {

std::vector<std::string> words(const std::string& s) {
  std::istringstream is(s);
  std::vector<std::string> out;
  for (std::string w; is >> w;) out.push_back(w);
  return out;
}

}  // namespace

bool apply_pragmas(CompileContext& ctx) {
  for (const ast::Pragma& p : ctx.ast.pragmas) {
    std::vector<std::string> w = words(p.text);
    if (w.empty() || w[0] != "D") continue;  // not ours: ignored, as DTrace does
    if (w.size() < 2) {
      ctx.error(p.line, ErrTag::D_PRAGMA_MALFORM, "malformed #pragma D directive");
      return false;
    }
    const std::string& what = w[1];
    if (what == "option") {
      if (w.size() < 3) {
        ctx.error(p.line, ErrTag::D_PRAGMA_MALFORM,
                  "malformed #pragma option <option>=<val>");
        return false;
      }
      for (size_t i = 2; i < w.size(); i++) {
        std::string name = w[i], value;
        size_t eq = name.find('=');
        if (eq != std::string::npos) {
          value = name.substr(eq + 1);
          name = name.substr(0, eq);
        }
        if (name.empty()) {
          ctx.error(p.line, ErrTag::D_PRAGMA_MALFORM,
                    "malformed #pragma option <option>=<val>");
          return false;
        }
        ctx.out.pragma_options.emplace_back(name, value);
      }
    } else if (what == "error") {
      std::string msg = p.text.substr(p.text.find("error") + 5);
      size_t b = msg.find_first_not_of(" \t");
      msg = b == std::string::npos ? "" : msg.substr(b);
      ctx.error(p.line, ErrTag::D_PRAGERR, cat("#pragma D error: ", msg));
      return false;
    } else if (what == "depends_on" || what == "attributes" || what == "binding" ||
               what == "ident" || what == "line") {
      continue;
    } else {
      ctx.error(p.line, ErrTag::D_PRAGMA_INVAL, cat("invalid control directive: #pragma D ", what));
      return false;
    }
  }
  return true;
}

}  // namespace dtrace::cc
