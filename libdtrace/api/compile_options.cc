#include "api/compile_options.h"

namespace dtrace::api {

void copy_compile_options(const Options& o, cc::CompileOptions& co) {
  // In table order: kdefs before knodefs (udefs before unodefs), so of
  // two that undo each other the one set last wins.
  for (const OptionDef* def : all_options()) {
    if (!def->b.compile) continue;
    if (o.is_set(*def)) def->b.compile(o, co);
  }
}

Status pragma_option(std::string_view name, std::string_view value, cc::CompileOptions& into) {
  const OptionDef* def = find_option(name);
  // Options that name cpp's or ld's settings, fixed before any program
  // is read, so a program may not set them (DTrace's EDT_BADOPTCTX);
  // likewise the environment of -c processes, which exist before any compile.
  if (def && def->b.outside_only) return make_error("Option cannot be used from within a D program");
  Options one;
  if (Status st = one.set(name, value); !st) return st;
  if (def->b.compile) def->b.compile(one, into);
  return Ok{};
}

}  // namespace dtrace::api
