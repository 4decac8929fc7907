// One DIF object under construction: instructions whose branch targets
// are still symbolic labels, plus its integer, string and variable
// tables. Codegen fills it; the assembler (assembler.cc) turns it into a
// cc::Difo with absolute branch targets.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "cc/program.h"

namespace dtrace::dif {

using Label = uint32_t;

struct IrInstr {
  dif_instr_t word;
  int32_t label = -1;  // branches: target label, patched by the assembler
};

class IrDifo {
 public:
  Label new_label() {
    labels_.push_back(-1);
    return static_cast<Label>(labels_.size() - 1);
  }
  void place(Label l) { labels_[l] = static_cast<int32_t>(code_.size()); }
  void emit(dif_instr_t w) { code_.push_back({w, -1}); }
  void branch(uint8_t op, Label l) { code_.push_back({DIF_INSTR_BRANCH(op, 0), static_cast<int32_t>(l)}); }

  // Table entries, deduplicated. Return false when a table is full.
  bool intern_int(uint64_t v, uint16_t& index);
  bool intern_str(std::string_view s, uint16_t& offset);
  // Records a reference to a user variable in the variable table.
  void use_var(std::string_view name, uint16_t id, uint8_t kind, uint8_t scope, bool write,
               const dtrace_diftype& type);

  dtrace_diftype rtype{};
  // The code from here on belongs to the clause's action `number`
  // (cc::Difo::action_at).
  void mark_action(uint32_t number) {
    uint32_t at = static_cast<uint32_t>(code_.size());
    if (!action_at_.empty() && action_at_.back().first == at) action_at_.back().second = number;
    else if (action_at_.empty() || action_at_.back().second != number) action_at_.emplace_back(at, number);
  }
  const std::vector<std::pair<uint32_t, uint32_t>>& action_at() const { return action_at_; }

  const std::vector<IrInstr>& code() const { return code_; }
  const std::vector<int32_t>& labels() const { return labels_; }
  const std::vector<uint64_t>& ints() const { return ints_; }
  const std::string& strtab() const { return strtab_; }
  const std::vector<dtrace_difv>& vars() const { return vars_; }

 private:
  std::vector<IrInstr> code_;
  std::vector<int32_t> labels_;
  std::vector<uint64_t> ints_;
  std::map<uint64_t, uint16_t> int_index_;
  std::string strtab_;
  std::map<std::string, uint16_t, std::less<>> str_index_;
  std::vector<dtrace_difv> vars_;
  std::vector<std::pair<uint32_t, uint32_t>> action_at_;
};

// Assembles: resolves labels to absolute instruction indexes.
cc::Difo assemble(const IrDifo& ir);

}  // namespace dtrace::dif
