#include "api/aggregations.h"

#include <cstdlib>

#include "consume/agg_keys.h"
#include "consume/agg_snapshot.h"
#include "consume/drops.h"

namespace dtrace::api {
namespace {

std::string trimmed(const std::string& s) {
  size_t b = s.find_first_not_of(" \n"), e = s.find_last_not_of(" \n");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// Scalar value; a histogram's buckets summed (after lquantize/llquantize's
// parameter word).
int64_t entry_value(const consume::AggVarDesc& d, const std::vector<int64_t>& w, int64_t normal) {
  if (!consume::agg_is_histogram(d.func)) return consume::agg_scalar(d.func, w, normal);
  int64_t sum = 0;
  for (size_t i = d.func == DTRACEACT_AGG_QUANTIZE ? 0 : 1; i < w.size(); i++) sum += w[i];
  return sum / (normal > 0 ? normal : 1);
}

// aggpack's blocks: UTF-8 unless -xencoding=ascii, or, with no encoding
// given, a terminal known not to show it (TERM sun, sun-color, dumb).
bool packed_utf8_for(const std::string& encoding) {
  if (!encoding.empty()) return encoding != "ascii";
  const char* term = std::getenv("TERM");
  std::string t = term ? term : "";
  return t != "sun" && t != "sun-color" && t != "dumb";
}

// The kinds of an aggregation's keys, as its statement recorded them.
std::vector<uint16_t> key_kinds(const kio::AggDesc& d) {
  std::vector<uint16_t> out;
  for (size_t i = 0; i + 1 < d.recs.size(); i++) out.push_back(d.recs[i].dtrd_action);
  return out;
}

}  // namespace

void Aggregations::declare(const cc::Program& prog) {
  for (size_t i = 0; i < prog.aggs.size(); i++) {
    const cc::AggVar& a = prog.aggs[i];
    consume::AggVarDesc d;
    d.name = a.name;
    d.func = a.func;
    d.key_types = a.keys;
    // lquantize/llquantize parameters, so that one never filled still
    // prints its empty histogram (a joined printa() of it).
    for (const cc::Action& act : prog.actions)
      if (act.kind == a.func && act.aggvar == i) {
        d.arg = act.arg;
        break;
      }
    table_.declare(d);
  }
}

Result<consume::AggVar*> Aggregations::var_of(kio::Device& dev, uint32_t aggid) {
  if (auto it = vars_.find(aggid); it != vars_.end()) return it->second;
  auto d = dev.aggdesc(aggid);
  if (!d) return d.error();
  const kio::AggDesc& desc = descs_.emplace(aggid, std::move(*d)).first->second;
  auto [prog_id, index] = dtrace_prog_cookie_decode(desc.varid);
  if (prog_id >= programs_.size() || index >= programs_[prog_id].actions.size() || desc.recs.empty())
    return make_error("aggregation " + std::to_string(aggid) + " belongs to no known program");
  const cc::Program& prog = programs_[prog_id];
  uint32_t var = prog.actions[index].aggvar;
  if (var >= prog.aggs.size()) return make_error("aggregation " + std::to_string(aggid) + " has no variable");
  consume::AggVarDesc vd;
  vd.name = prog.aggs[var].name;
  vd.key_types = prog.aggs[var].keys;
  vd.func = desc.recs.back().dtrd_action;
  vd.arg = desc.recs.back().dtrd_arg;
  vd.key_kinds = key_kinds(desc);
  consume::AggVar* v = &table_.declare(vd);
  vars_[aggid] = v;
  return v;
}

namespace {

// Symbol and stack keys as DTrace merges them (consume/agg_keys.h).
std::vector<std::vector<uint8_t>> canonical_keys(Session& s, const kio::AggDesc& d,
                                                 std::vector<std::vector<uint8_t>> keys) {
  std::vector<uint64_t> args;
  for (size_t i = 0; i + 1 < d.recs.size(); i++) args.push_back(d.recs[i].dtrd_arg);
  consume::canonicalize_agg_keys({&s.ksyms, &s.usyms}, key_kinds(d), args, keys);
  return keys;
}

}  // namespace

Status Aggregations::snapshot(kio::Device& dev, uint32_t ncpus,
                              const std::function<void(const consume::Notice&)>& report) {
  auto describe = [&](uint32_t aggid) -> Result<const kio::AggDesc*> {
    auto v = var_of(dev, aggid);
    if (!v) return v.error();
    return &descs_.at(aggid);
  };
  ncpus_ = ncpus;
  bool percpu = options_.aggpercpu();
  for (uint32_t cpu = 0; cpu < ncpus; cpu++) {
    auto snap = dev.aggsnap(cpu);
    if (!snap) return snap.error();
    if (snap->drops)
      report(consume::cpu_drop(consume::DropKind::Aggregation, snap->drops, cpu, options_.droptags()));
    Status st = consume::walk_agg_buffer(snap->data, describe, [&](const consume::AggSnapEntry& e) -> Status {
      table_.fold(*vars_.at(e.aggid), canonical_keys(session_, descs_.at(e.aggid), e.keys), e.value,
                  percpu ? static_cast<int>(cpu) : -1, key_kinds(descs_.at(e.aggid)));
      return Ok{};
    });
    if (!st) return st;
  }
  return Ok{};
}

bool Aggregations::packed_utf8() const { return packed_utf8_for(options_.encoding()); }

consume::TextOptions text_options(Session& s) {
  const Options& o = s.options;
  consume::TextOptions t;
  t.usyms = &s.usyms;
  t.ksyms = &s.ksyms;
  if (o.is_set(Opt::stackindent)) t.stackindent = static_cast<uint32_t>(o.stackindent());
  t.noresolve = o.noresolve();
  t.rawbytes = o.rawbytes();
  return t;
}

consume::AggSortOptions Aggregations::sort_options() const {
  consume::AggSortOptions o;
  o.by_key = options_.aggsortkey();
  o.reverse = options_.aggsortrev();
  o.keypos = static_cast<uint32_t>(options_.aggsortkeypos());
  o.valpos = static_cast<uint32_t>(options_.aggsortpos());
  o.zoom = options_.aggzoom();
  o.hist = options_.agghist();
  o.pack = options_.aggpack();
  o.utf8 = packed_utf8();
  o.utf8_bars = options_.encoding() == "utf8";
  o.percpu = options_.aggpercpu() ? ncpus_ : 0;
  o.text = text_options(session_);
  return o;
}

const consume::AggHooks& Aggregations::hooks() {
  hooks_.find = [this](const std::vector<std::string>& names) -> Result<std::vector<consume::AggVar*>> {
    std::vector<consume::AggVar*> vars;
    for (const auto& n : names) {
      consume::AggVar* v = table_.find(n);
      if (!v) return make_error("printa: unknown aggregation @" + n);
      vars.push_back(v);
    }
    return vars;
  };
  hooks_.sort_options = [this] { return sort_options(); };
  hooks_.libact = [this](uint64_t libact, const std::string& name, bool has_n, int64_t n) {
    consume::AggVar* v = table_.find(name);
    if (!v) return;
    switch (libact) {
      case DTRACE_LIBACT_CLEAR: table_.clear(*v); break;
      case DTRACE_LIBACT_TRUNC: consume::agg_trunc(*v, has_n, n); break;
      case DTRACE_LIBACT_NORMALIZE: table_.normalize(*v, n); break;
      case DTRACE_LIBACT_DENORMALIZE: table_.denormalize(*v); break;
      default: break;
    }
  };
  return hooks_;
}

void Aggregations::print_unprinted(consume::RecordOutput& out) {
  for (consume::AggVar* v : table_.all())
    if (!v->printed && !v->entries.empty()) out.aggregation(*v, sort_options());
}

void Aggregations::print_all(consume::RecordOutput& out) {
  for (consume::AggVar* v : table_.all())
    if (!v->entries.empty()) out.aggregation(*v, sort_options());
}

std::vector<AggregateEntry> Aggregations::entries() {
  std::vector<AggregateEntry> out;
  for (consume::AggVar* v : table_.all()) {
    consume::AggVar* one[] = {v};
    for (const consume::AggRow& r : consume::agg_sorted_rows(one, sort_options())) {
      AggregateEntry e;
      e.name = v->desc.name;
      for (size_t k = 0; k < r.keys->size(); k++)
        e.keys.push_back(trimmed(
            consume::format_agg_key(v->desc, k, (*r.keys)[k], false, text_options(session_), r.kinds)));
      e.value = entry_value(v->desc, r.values[0]->value, v->normal);
      out.push_back(std::move(e));
    }
  }
  return out;
}

}  // namespace dtrace::api
