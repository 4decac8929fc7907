// Small readers of DWARF entries shared by the user types (dwarf_types.cc)
// and the kernel variables' types (kernel_dwarf.cc), both through libdw.
#pragma once

#include <dwarf.h>
#include <elfutils/libdw.h>

#include <cstdint>
#include <vector>

namespace dtrace::ctf {

inline bool dwarf_is_qualifier(int tag) {
  return tag == DW_TAG_const_type || tag == DW_TAG_volatile_type || tag == DW_TAG_restrict_type ||
         tag == DW_TAG_atomic_type || tag == DW_TAG_immutable_type;
}

// The DIE a DW_AT_type refers to; false for none (void).
inline bool dwarf_type_of(Dwarf_Die* die, Dwarf_Die* out) {
  Dwarf_Attribute a;
  return dwarf_attr_integrate(die, DW_AT_type, &a) != nullptr && dwarf_formref_die(&a, out) != nullptr;
}

inline bool dwarf_udata(Dwarf_Die* die, unsigned name, Dwarf_Word& out) {
  Dwarf_Attribute a;
  return dwarf_attr_integrate(die, name, &a) != nullptr && dwarf_formudata(&a, &out) == 0;
}

// A DW_TAG_base_type: its encoding (DW_ATE_*, 0 for none) and size in bytes.
struct DwarfBaseType {
  Dwarf_Word enc = 0;
  int size = 0;
  bool is_signed() const { return enc == DW_ATE_signed || enc == DW_ATE_signed_char; }
  bool is_char() const { return size == 1 && enc == DW_ATE_signed_char; }  // D's char
};

inline DwarfBaseType dwarf_base_type(Dwarf_Die* die) {
  DwarfBaseType b;
  dwarf_udata(die, DW_AT_encoding, b.enc);
  b.size = dwarf_bytesize(die);
  return b;
}

// An array type's element counts, outermost first ("int a[2][3]": 2, 3);
// one 0 when it has none (a flexible or extern array).
inline std::vector<uint64_t> dwarf_array_dims(Dwarf_Die* array) {
  std::vector<uint64_t> dims;
  Dwarf_Die sub;
  if (dwarf_child(array, &sub) == 0) {
    do {
      if (dwarf_tag(&sub) != DW_TAG_subrange_type) continue;
      Dwarf_Word n = 0, ub = 0;
      if (!dwarf_udata(&sub, DW_AT_count, n) && dwarf_udata(&sub, DW_AT_upper_bound, ub)) n = ub + 1;
      dims.push_back(n);
    } while (dwarf_siblingof(&sub, &sub) == 0);
  }
  if (dims.empty()) dims.push_back(0);
  return dims;
}

}  // namespace dtrace::ctf
