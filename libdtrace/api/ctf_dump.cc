#include "api/ctf_dump.h"

#include <ctf-api.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>

namespace dtrace::api {
namespace {

using cc::Type;

class CtfWriter {
 public:
  CtfWriter(ctf_dict_t* fp, uint32_t strsize) : fp_(fp), strsize_(strsize) {}

  // The CTF id of t (CTF_ERR, with why() set, when libctf refuses it).
  ctf_id_t convert(const Type* t) {
    auto it = done_.find(t);
    if (it != done_.end()) return it->second;
    ctf_id_t id =
        t->typedef_of ? ctf_add_typedef(fp_, root(t->name), t->name.c_str(), convert(t->typedef_of)) : add(t);
    return remember(t, id);
  }

  bool ok() const { return why_.empty(); }
  // The first refusal: libctf's message and the type it was about.
  const std::string& why() const { return why_; }

 private:
  void fail(const std::string& what) {
    if (why_.empty()) why_ = std::string(ctf_errmsg(ctf_errno(fp_))) + " (" + what + ")";
  }

  ctf_id_t remember(const Type* t, ctf_id_t id) {
    if (id == CTF_ERR) fail(t->name);
    done_[t] = id;
    return id;
  }

  // Only the first type of a name is visible at the top level: libctf
  // refuses two root types of one name.
  uint32_t root(const std::string& name) {
    return !name.empty() && roots_.insert(name).second ? CTF_ADD_ROOT : CTF_ADD_NONROOT;
  }

  ctf_id_t integer(const std::string& name, uint32_t bytes, bool is_signed) {
    ctf_encoding_t enc{};
    enc.cte_format = (is_signed ? CTF_INT_SIGNED : 0) | (bytes == 1 ? CTF_INT_CHAR : 0);
    enc.cte_bits = bytes * 8;
    return ctf_add_integer(fp_, root(name), name.c_str(), &enc);
  }

  ctf_id_t array(ctf_id_t contents, uint32_t n) {
    ctf_arinfo_t ar{};
    ar.ctr_contents = contents;
    ar.ctr_index = integer("long", 8, true);
    ar.ctr_nelems = n;
    return ctf_add_array(fp_, CTF_ADD_NONROOT, &ar);
  }

  // "struct foo" -> "foo"; anonymous tags have no name.
  static std::string tag_of(const std::string& name) {
    size_t sp = name.find(' ');
    std::string tag = sp == std::string::npos ? name : name.substr(sp + 1);
    return tag == "<anon>" ? std::string() : tag;
  }

  ctf_id_t add(const Type* t) {
    switch (t->kind) {
      case Type::Kind::Void: {
        ctf_encoding_t enc{};
        return ctf_add_integer(fp_, root("void"), "void", &enc);
      }
      case Type::Kind::Int: return integer(t->name, t->size, t->is_signed);
      case Type::Kind::Float: {
        ctf_encoding_t enc{};
        enc.cte_format = t->size == 4 ? CTF_FP_SINGLE : t->size == 8 ? CTF_FP_DOUBLE : CTF_FP_LDOUBLE;
        enc.cte_bits = t->size * 8;
        return ctf_add_float(fp_, root(t->name), t->name.c_str(), &enc);
      }
      case Type::Kind::String:  // D's string: a char array of strsize bytes
        return ctf_add_typedef(fp_, root("string"), "string", array(integer("char", 1, true), strsize_));
      case Type::Kind::Pointer: return ctf_add_pointer(fp_, CTF_ADD_NONROOT, convert(t->base));
      case Type::Kind::Array: return array(convert(t->base), t->nelems);
      case Type::Kind::Function: {
        ctf_funcinfo_t fi{};
        fi.ctc_return = t->base ? convert(t->base) : convert_void();
        fi.ctc_flags = CTF_FUNC_VARARG;
        return ctf_add_function(fp_, CTF_ADD_NONROOT, &fi, nullptr);
      }
      case Type::Kind::Struct:
      case Type::Kind::Union: return sou(t);
      case Type::Kind::Enum: {
        std::string tag = tag_of(t->name);
        ctf_id_t id = tag.empty() ? ctf_add_enum(fp_, CTF_ADD_NONROOT, nullptr)
                                  : ctf_add_enum(fp_, root("enum " + tag), tag.c_str());
        for (const auto& [name, value] : t->enumerators)
          if (id != CTF_ERR) ctf_add_enumerator(fp_, id, name.c_str(), static_cast<int>(value));
        return id;
      }
    }
    return CTF_ERR;
  }

  ctf_id_t convert_void() {
    ctf_encoding_t enc{};
    return ctf_add_integer(fp_, CTF_ADD_NONROOT, "void", &enc);
  }

  ctf_id_t sou(const Type* t) {
    bool is_struct = t->kind == Type::Kind::Struct;
    std::string tag = tag_of(t->name);
    const char* name = tag.empty() ? nullptr : tag.c_str();
    uint32_t flag = tag.empty() ? CTF_ADD_NONROOT : root(t->name);
    // A forward declaration needs a name: an anonymous one stays empty.
    if (!t->complete && name) return ctf_add_forward(fp_, flag, name, is_struct ? CTF_K_STRUCT : CTF_K_UNION);
    ctf_id_t id = is_struct ? ctf_add_struct_sized(fp_, flag, name, t->size)
                            : ctf_add_union_sized(fp_, flag, name, t->size);
    remember(t, id);  // members may point back at t
    if (id == CTF_ERR) return id;
    for (const Type::Member& m : t->members) {
      unsigned long bit = m.offset * 8ul + m.bit_off;
      const char* mname = m.name.empty() ? nullptr : m.name.c_str();
      int rc;
      if (m.bits) {
        // libctf wants the integer itself under a bit-field, not a typedef.
        const Type* base = m.type;
        while (base->typedef_of) base = base->typedef_of;
        ctf_encoding_t enc{};
        enc.cte_format = m.type->is_signed ? CTF_INT_SIGNED : 0;
        enc.cte_bits = m.bits;
        rc = ctf_add_member_encoded(fp_, id, mname, convert(base), bit, enc);
      } else {
        rc = ctf_add_member_offset(fp_, id, mname, convert(m.type), bit);
      }
      if (rc != 0) fail(t->name + "." + m.name);
    }
    return id;
  }

  ctf_dict_t* fp_;
  uint32_t strsize_;
  std::map<const Type*, ctf_id_t> done_;
  std::set<std::string> roots_;
  std::string why_;
};

}  // namespace

Status write_type_container(const cc::TypeTable& types, bool c_types, uint32_t strsize,
                            const std::string& path) {
  int err = 0;
  std::unique_ptr<ctf_dict_t, void (*)(ctf_dict_t*)> fp(ctf_create(&err), ctf_dict_close);
  if (!fp) return make_error(std::string("Unexpected libctf error: ") + ctf_errmsg(err));
  CtfWriter w(fp.get(), strsize);
  types.for_each_named([&](const std::string&, const Type* t, bool from_c) {
    if (from_c == c_types) w.convert(t);
  });
  size_t size = 0;
  if (!w.ok()) return make_error("Unexpected libctf error: " + w.why());
  unsigned char* buf = ctf_write_mem(fp.get(), &size, static_cast<size_t>(-1));
  if (!buf) return make_error(std::string("Unexpected libctf error: ") + ctf_errmsg(ctf_errno(fp.get())));
  std::FILE* f = std::fopen(path.c_str(), "w");
  bool written = f && std::fwrite(buf, 1, size, f) == size;
  if (f && std::fclose(f) != 0) written = false;
  std::free(buf);
  if (!written) return make_error("failed to write " + path);
  return Ok{};
}

}  // namespace dtrace::api
