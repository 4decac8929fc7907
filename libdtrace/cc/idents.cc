#include "cc/idents.h"

namespace dtrace::cc {

std::string VarInfo::display() const {
  switch (scope) {
    case VarScope::Thread: return "self->" + name;
    case VarScope::Local: return "this->" + name;
    default: return name;
  }
}

VarInfo* IdentTable::find(VarScope scope, std::string_view name) {
  auto& m = by_name_[static_cast<int>(scope)];
  auto it = m.find(name);
  return it == m.end() ? nullptr : it->second;
}

bool IdentTable::ids_left(VarScope scope) const { return next_id_[static_cast<int>(scope)] <= 0xffff; }

VarInfo* IdentTable::create(VarScope scope, std::string name, Loc loc) {
  VarInfo v;
  v.name = name;
  v.scope = scope;
  v.loc = loc;
  if (scope != VarScope::Builtin) v.id = static_cast<uint16_t>(next_id_[static_cast<int>(scope)]++);
  vars_.push_back(std::move(v));
  VarInfo* p = &vars_.back();
  by_name_[static_cast<int>(scope)][std::move(name)] = p;
  return p;
}

AggInfo* IdentTable::find_agg(std::string_view name) {
  auto it = agg_by_name_.find(name);
  return it == agg_by_name_.end() ? nullptr : it->second;
}

AggInfo* IdentTable::create_agg(std::string name, Loc loc) {
  AggInfo a;
  a.name = name;
  a.index = static_cast<uint32_t>(aggs_.size());
  a.loc = loc;
  aggs_.push_back(std::move(a));
  agg_by_name_[std::move(name)] = &aggs_.back();
  return &aggs_.back();
}

InlineInfo* IdentTable::find_inline(std::string_view name) {
  auto it = inline_by_name_.find(name);
  return it == inline_by_name_.end() ? nullptr : it->second;
}

InlineInfo* IdentTable::create_inline(std::string name) {
  InlineInfo i;
  i.name = name;
  inlines_.push_back(std::move(i));
  inline_by_name_[std::move(name)] = &inlines_.back();
  return &inlines_.back();
}

TranslatorInfo* IdentTable::create_translator() {
  translators_.emplace_back();
  return &translators_.back();
}

}  // namespace dtrace::cc
