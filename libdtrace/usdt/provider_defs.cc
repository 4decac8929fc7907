#include "usdt/provider_defs.h"

#include <set>

#include "cc/context.h"
#include "cc/parse.h"
#include "dtrace/ioctl.h"

namespace dtrace::usdt {
namespace {

static_assert(kMaxSiteArgs <= DTRACE_MAXARGS, "the module reads every argument a site passes");

// The C spelling of a declared parameter type. D's string is char *.
std::string c_type(const cc::ast::TypeName& t) {
  std::string out;
  if (t.spec.is_const) out += "const ";
  if (t.spec.is_volatile) out += "volatile ";
  using K = cc::Type::Kind;
  switch (t.spec.tag_kind) {
    case K::Struct: out += "struct " + t.spec.tag; break;
    case K::Union: out += "union " + t.spec.tag; break;
    case K::Enum: out += "enum " + t.spec.tag; break;
    default:
      for (size_t i = 0; i < t.spec.words.size(); i++) {
        const std::string& w = t.spec.words[i];
        out += (i ? " " : "") + (w == "string" ? std::string("char *") : w);
      }
  }
  int pointers = t.decl.pointers + static_cast<int>(t.decl.dims.size());  // arrays decay
  if (pointers > 0 && out.back() != '*') out += ' ';
  out.append(pointers, '*');
  return out;
}

Error error_at(cc::Loc loc, ErrTag tag, std::string message) {
  return make_error(std::move(message), tag, loc.line, loc.column);
}

}  // namespace

std::string probe_name(std::string_view c_name) {
  std::string out;
  for (size_t i = 0; i < c_name.size(); i++) {
    if (c_name.compare(i, 2, "__") == 0) {
      out += '-';
      i++;
    } else {
      out += c_name[i];
    }
  }
  return out;
}

Result<std::vector<ProviderDef>> read_provider_defs(std::string_view source,
                                                    const cc::CompileOptions& options) {
  std::string expanded;
  if (options.cpp.enabled) {
    auto r = cc::preprocess(source, options.cpp);
    if (!r) return r.error();
    expanded = std::move(*r);
    source = expanded;
  }
  cc::TypeTable types;
  cc::IdentTable idents;
  cc::CompileContext ctx(source, options, types, idents);
  if (!cc::parse(ctx) || ctx.diags.has_error()) return ctx.diags.first();

  std::vector<ProviderDef> out;
  for (const cc::ast::Node* item : ctx.ast.items) {
    if (item->kind() != cc::ast::Kind::ProviderDecl) continue;
    const auto& decl = static_cast<const cc::ast::ProviderDecl&>(*item);
    ProviderDef def{decl.name, {}};
    std::set<std::string> seen;
    for (const auto& p : decl.probes) {
      if (!seen.insert(probe_name(p.name)).second)
        return error_at(p.loc, ErrTag::D_PROV_PRDUP, "probe " + decl.name + ":" + p.name + " redeclared");
      ProbeDef probe{p.name, {}, p.loc.line};
      for (const cc::ast::TypeName* t : p.args) {
        if (t->spec.words.size() == 1 && t->spec.words[0] == "void" && t->decl.pointers == 0 &&
            p.args.size() == 1)
          break;  // probe p(void)
        probe.argtypes.push_back(c_type(*t));
      }
      if (probe.argtypes.size() > kMaxSiteArgs)
        return error_at(p.loc, ErrTag::D_PROV_PRARGLEN,
                        "probe " + decl.name + ":" + p.name + " has " +
                            std::to_string(probe.argtypes.size()) + " arguments; a USDT probe has at most " +
                            std::to_string(kMaxSiteArgs));
      def.probes.push_back(std::move(probe));
    }
    out.push_back(std::move(def));
  }
  return out;
}

}  // namespace dtrace::usdt
