#include "cc/passes/args.h"

namespace dtrace::cc {
namespace {

bool same_args(const std::vector<ProbeArg>& a, const std::vector<ProbeArg>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); i++)
    if (a[i].native != b[i].native || a[i].xlate != b[i].xlate || a[i].mapping != b[i].mapping) return false;
  return true;
}

std::string trim(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  size_t i = s.find_first_not_of(' ');
  return i == std::string::npos ? std::string() : s.substr(i);
}

}  // namespace

bool load_clause_args(CompileContext& ctx, const std::vector<ProbeSpec>& specs, Loc loc, ClauseArgs& out) {
  out.loaded = true;
  if (!ctx.options.probe_args) return true;
  bool first = true;
  for (const ProbeSpec& s : specs) {
    auto probes = ctx.options.probe_args(s);
    if (!probes) {
      ctx.error(loc, ErrTag::D_ARGS_NONE, cat("args[ ] of ", s.str(), ": ", probes.error().message));
      return false;
    }
    for (const ProbeArgs& p : *probes) {
      if (first) {
        out.probe = p.probe;
        out.args = p.args;
        first = false;
        continue;
      }
      if (same_args(out.args, p.args)) continue;
      ctx.error(loc, ErrTag::D_ARGS_MULTI,
                cat("args[ ] may not be referenced because the probes matched differ in their "
                    "argument types: ",
                    out.probe, " and ", p.probe));
      return false;
    }
  }
  out.typed = !out.args.empty();
  return true;
}

const Type* arg_type(TypeTable& types, const std::string& text) {
  std::string s = trim(text);
  // "userland const char *": a pointer into the target's memory.
  bool user = s.rfind("userland ", 0) == 0;
  if (user) s = trim(s.substr(9));
  int ptrs = 0;
  while (!s.empty() && s.back() == '*') {
    ptrs++;
    s = trim(s.substr(0, s.size() - 1));
  }
  for (const char* q : {"const ", "volatile "})
    while (s.rfind(q, 0) == 0) s = trim(s.substr(std::string(q).size()));
  const Type* t = nullptr;
  struct Tag {
    const char* prefix;
    Type::Kind kind;
  };
  for (Tag tag : {Tag{"struct ", Type::Kind::Struct}, Tag{"union ", Type::Kind::Union},
                  Tag{"enum ", Type::Kind::Enum}}) {
    if (s.rfind(tag.prefix, 0) != 0) continue;
    std::string name = trim(s.substr(std::string(tag.prefix).size()));
    t = types.lookup_tag(tag.kind, name);
    // A kernel struct or union is named first and completed from BTF when used.
    if (t == nullptr && tag.kind != Type::Kind::Enum) t = types.declare_tag(tag.kind, name);
    if (t == nullptr) t = types.int_type();  // a kernel enum: an int
    if (t == nullptr) return nullptr;
    break;
  }
  if (t == nullptr) t = s.empty() ? nullptr : types.lookup(s);
  if (t == nullptr) return nullptr;
  for (int i = 0; i < ptrs; i++) t = types.pointer_to(t, user || t->user_space);
  return t;
}

}  // namespace dtrace::cc
