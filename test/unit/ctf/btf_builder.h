// BtfBuilder: hand-built BTF blobs for the ctf/ unit tests.
#pragma once

#include <linux/btf.h>

#include <cstring>
#include <string>
#include <vector>

#include "ctf/btf.h"

namespace dtrace::ctf {

// Appends BTF records and strings; blob() adds the header.
class BtfBuilder {
 public:
  BtfBuilder() { strs_.push_back('\0'); }
  // Split BTF on a base with `base_count` ids (void included) and a
  // string section of `base_strs` bytes.
  BtfBuilder(uint32_t base_count, uint32_t base_strs) : count_(base_count - 1), str_base_(base_strs) {
    strs_.push_back('\0');
  }
  // A builder of split BTF on `base` (a blob()): its ids and string
  // offsets continue after the base's.
  static BtfBuilder split_on(const std::string& base) {
    btf_header h;
    std::memcpy(&h, base.data(), sizeof h);
    return BtfBuilder(BtfFile(base).count(), h.str_len);
  }
  uint32_t str(const std::string& s) {
    if (s.empty()) return 0;
    uint32_t off = str_base_ + static_cast<uint32_t>(strs_.size());
    strs_.insert(strs_.end(), s.begin(), s.end());
    strs_.push_back('\0');
    return off;
  }
  void word(uint32_t w) { types_.insert(types_.end(), (char*)&w, (char*)&w + 4); }
  uint32_t type(const std::string& name, int kind, uint32_t vlen, uint32_t size_or_type, bool kflag = false) {
    word(str(name));
    word((uint32_t(kind) << 24) | vlen | (kflag ? 1u << 31 : 0));
    word(size_or_type);
    return ++count_;
  }
  uint32_t integer(const std::string& name, uint32_t size, bool is_signed) {
    uint32_t id = type(name, BTF_KIND_INT, 0, size);
    word((is_signed ? BTF_INT_SIGNED << 24 : 0) | size * 8);
    return id;
  }
  // A FUNC_PROTO's parameter (btf_param); type 0 after the others is "...".
  void param(uint32_t type_id, const std::string& name = "") {
    word(str(name));
    word(type_id);
  }
  void member(const std::string& name, uint32_t type_id, uint32_t bit_off) {
    word(str(name));
    word(type_id);
    word(bit_off);
  }
  std::string blob() const {
    btf_header h{};
    h.magic = BTF_MAGIC;
    h.version = 1;
    h.hdr_len = sizeof h;
    h.type_off = 0;
    h.type_len = static_cast<uint32_t>(types_.size());
    h.str_off = h.type_len;
    h.str_len = static_cast<uint32_t>(strs_.size());
    std::string out(reinterpret_cast<const char*>(&h), sizeof h);
    out.append(types_.begin(), types_.end());
    out.append(strs_.begin(), strs_.end());
    return out;
  }

 private:
  std::vector<char> types_, strs_;
  uint32_t count_ = 0;
  uint32_t str_base_ = 0;
};

}  // namespace dtrace::ctf
