#include "cc/passes/probes.h"

#include <cctype>
#include <charconv>

namespace dtrace::cc {

Result<ProbeSpec> parse_probe_spec(std::string_view text) {
  ProbeSpec spec;
  spec.text = std::string(text);
  if (text.empty()) return make_error("invalid probe description \"\"", ErrTag::D_PDESC_INVAL);
  // A description made only of digits is a probe id.
  bool numeric = true;
  for (char c : text)
    if (!isdigit(static_cast<unsigned char>(c))) numeric = false;
  if (numeric) {
    uint32_t id = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (ec != std::errc() || end != text.data() + text.size())
      return make_error(cat("invalid probe identifier ", text), ErrTag::D_PDESC_INVAL);
    spec.id = id;
    return spec;
  }
  std::vector<std::string> parts;
  std::string cur;
  for (size_t i = 0; i < text.size(); i++) {
    char c = text[i];
    if (c == '\\' && i + 1 < text.size()) {  // an escaped ':' is part of a field
      cur += c;
      cur += text[++i];
    } else if (c == ':') {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(cur);
  if (parts.size() > 4)
    return make_error(cat("invalid probe description \"", text, "\": Overspecified probe description"),
                      ErrTag::D_PDESC_INVAL);
  std::string* fields[4] = {&spec.provider, &spec.mod, &spec.func, &spec.name};
  size_t skip = 4 - parts.size();
  for (size_t i = 0; i < parts.size(); i++) *fields[skip + i] = parts[i];
  return spec;
}

bool match_probes(CompileContext& ctx) {
  for (ast::Node* n : ctx.ast.items) {
    auto* c = ast::as<ast::Clause>(n);
    if (c == nullptr) continue;
    ClausePlan cp;
    cp.clause = c;
    for (const ast::ProbeDesc& d : c->probes) {
      Result<ProbeSpec> r = parse_probe_spec(d.text);
      if (!r) {
        ctx.error(d.loc, ErrTag::D_PDESC_INVAL, r.error().message);
        return false;
      }
      ProbeSpec spec = std::move(r.value());
      spec.loc = d.loc;
      Result<uint32_t> n = ctx.options.count_matches ? ctx.options.count_matches(spec) : 1u;
      if (!n) {
        ctx.error(d.loc, n.error().tag == ErrTag::kNone ? ErrTag::D_PDESC_INVAL : n.error().tag,
                  n.error().message);
        return false;
      }
      if (*n == 0 && spec.id) {  // as DTrace: an id that names no probe, even under -Z
        ctx.error(d.loc, ErrTag::D_PDESC_INVAL,
                  cat("invalid probe identifier ", d.text, ": Unknown probe identifier"));
        return false;
      }
      if (*n == 0 && !ctx.options.zdefs) {
        std::string why = ctx.options.why_no_match ? ctx.options.why_no_match(spec) : "";
        ctx.error(d.loc, ErrTag::D_PDESC_ZERO,
                  cat("probe description ", spec.str(), " does not match any probes",
                      why.empty() ? "" : " (" + why + ")"));
        return false;
      }
      spec.matched = *n;
      cp.specs.push_back(std::move(spec));
    }
    ctx.plans.push_back(std::move(cp));
  }
  return true;
}

}  // namespace dtrace::cc
