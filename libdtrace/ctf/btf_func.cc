#include "ctf/btf_func.h"

namespace dtrace::ctf {
namespace {

constexpr int kMaxDepth = 32;

std::string int_name(uint32_t size, bool sign, bool is_char) {
  if (is_char && size == 1) return "char";
  switch (size) {
    case 1: return sign ? "signed char" : "unsigned char";
    case 2: return sign ? "short" : "unsigned short";
    case 4: return sign ? "int" : "unsigned int";
    default: return sign ? "long" : "unsigned long";
  }
}

std::string name_of(const BtfFile& b, uint32_t id, int depth) {
  const btf_type* t = b.type(id);
  if (t == nullptr || depth > kMaxDepth) return "void";
  std::string n(b.name(t->name_off));
  switch (BtfFile::kind(t)) {
    case BTF_KIND_INT: {
      uint32_t enc = *BtfFile::extra<uint32_t>(t);
      return int_name(t->size, (BTF_INT_ENCODING(enc) & BTF_INT_SIGNED) != 0,
                      (BTF_INT_ENCODING(enc) & BTF_INT_CHAR) != 0);
    }
    case BTF_KIND_PTR: {
      const btf_type* to = b.type(t->type);
      if (to != nullptr && BtfFile::kind(to) == BTF_KIND_FUNC_PROTO) return "void *";
      return name_of(b, t->type, depth + 1) + " *";
    }
    case BTF_KIND_ARRAY: return name_of(b, BtfFile::extra<btf_array>(t)->type, depth + 1) + " *";
    // A module's own typedef is not among the kernel's types: spell it out.
    case BTF_KIND_TYPEDEF: return b.split() && id >= b.first_id() ? name_of(b, t->type, depth + 1) : n;
    case BTF_KIND_CONST:
    case BTF_KIND_VOLATILE:
    case BTF_KIND_RESTRICT:
    case BTF_KIND_TYPE_TAG: return name_of(b, t->type, depth + 1);
    case BTF_KIND_STRUCT: return n.empty() ? "void" : "struct " + n;
    case BTF_KIND_UNION: return n.empty() ? "void" : "union " + n;
    case BTF_KIND_FWD: return (BtfFile::kflag(t) ? "union " : "struct ") + n;
    case BTF_KIND_ENUM:
    case BTF_KIND_ENUM64: return n.empty() ? "int" : "enum " + n;
    case BTF_KIND_FLOAT: return int_name(t->size, true, false);
    default: return "void";
  }
}

}  // namespace

std::string c_type_name(const BtfFile& btf, uint32_t id) { return name_of(btf, id, 0); }

std::optional<FuncProto> func_proto(const BtfFile& btf, std::string_view name) {
  const btf_type* f = btf.type(btf.find_func(name));
  const btf_type* p = f ? btf.type(f->type) : nullptr;
  if (p == nullptr || BtfFile::kind(p) != BTF_KIND_FUNC_PROTO) return std::nullopt;
  FuncProto out;
  out.ret = c_type_name(btf, p->type);
  const btf_param* params = BtfFile::extra<btf_param>(p);
  for (uint32_t i = 0; i < BtfFile::vlen(p); i++) {
    if (params[i].type == 0) break;  // `...`
    out.params.push_back(c_type_name(btf, params[i].type));
  }
  return out;
}

}  // namespace dtrace::ctf
