#include "api/compile_options.h"

#include <algorithm>
#include <iterator>

namespace dtrace::api {
namespace {

// Options that name cpp's or ld's settings, fixed before any program is
// read, so a program may not set them (DTrace's EDT_BADOPTCTX); likewise
// the environment of -c processes, which exist before any compile.
constexpr std::string_view kOutsideOnly[] = {"cpphdrs", "cpppath", "define", "undef",   "incdir",
                                             "ldpath",  "stdc",    "setenv", "unsetenv"};

void apply(std::string_view name, const Options& o, cc::CompileOptions& co) {
  if (name == "defaultargs") co.defaultargs = o.flag(name);
  else if (name == "zdefs") co.zdefs = o.flag(name);
  else if (name == "argref") co.argref = o.flag(name);
  else if (name == "knodefs") co.knodefs = o.flag(name);
  else if (name == "kdefs") co.knodefs = !o.flag(name);
  else if (name == "unodefs") co.unodefs = o.flag(name);
  else if (name == "udefs") co.unodefs = !o.flag(name);
  else if (name == "linkmode") co.user_static = o.text(name) == "static";
  else if (name == "empty") co.empty = o.flag(name);
  else if (name == "pspec") co.pspec = o.flag(name);
  else if (name == "iregs") co.iregs = static_cast<uint32_t>(o.number(name));
  else if (name == "tregs") co.tregs = static_cast<uint32_t>(o.number(name));
  else if (name == "tree") co.tree = static_cast<uint32_t>(o.number(name));
  // The size of D's string type (string members, sizeof), as DTrace
  // resizes it when the option is set.
  else if (name == "strsize") co.strsize = static_cast<uint32_t>(o.value(name));
}

}  // namespace

void copy_compile_options(const Options& o, cc::CompileOptions& co) {
  for (std::string_view name : {"defaultargs", "zdefs", "argref", "knodefs", "unodefs", "empty", "iregs",
                                "tregs", "tree", "pspec", "linkmode", "strsize"})
    if (o.is_set(name)) apply(name, o, co);
}

Status pragma_option(std::string_view name, std::string_view value, cc::CompileOptions& into) {
  if (std::find(std::begin(kOutsideOnly), std::end(kOutsideOnly), name) != std::end(kOutsideOnly))
    return make_error("Option cannot be used from within a D program");
  Options one;
  if (Status st = one.set(name, value); !st) return st;
  apply(name, one, into);
  return Ok{};
}

}  // namespace dtrace::api
