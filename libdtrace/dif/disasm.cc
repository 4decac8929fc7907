#include "dif/disasm.h"

#include <cstdio>

#include "cc/builtins.h"
#include "dif/ops.h"
#include "util/escape.h"

namespace dtrace::dif {
namespace {

struct KindName {
  uint16_t kind;
  const char* name;
};
constexpr KindName kKinds[] = {
#define DTRACEACT(name, code, dname) {code, #name},
#include "dtrace/actions.def"
#undef DTRACEACT
};

const char* kind_name(uint16_t k) {
  for (const auto& n : kKinds)
    if (n.kind == k) return n.name;
  return "?";
}

std::string reg(uint32_t r) { return "%r" + std::to_string(r); }

// The -S listing's escapes; other unprintable bytes as \ooo.
constexpr ByteEscape kListingEscapes[] = {{'\n', "\\n"}, {'\t', "\\t"}, {'"', "\\\""}, {'\\', "\\\\"}};

std::string quoted(const std::string& s) { return "\"" + octal_escaped(s, kListingEscapes) + "\""; }

std::string str_at(const cc::Difo& d, uint32_t off) {
  if (off >= d.strtab.size()) return "<bad offset>";
  return std::string(d.strtab.c_str() + off);
}

std::string cat_name(const char* name, uint16_t id) {
  if (name != nullptr) return std::string("DT_VAR(") + name + ")";
  char b[32];
  snprintf(b, sizeof b, "DT_VAR(0x%x)", id);
  return b;
}

std::string var_name(const cc::Difo& d, uint8_t op, uint16_t id) {
  if (id < DIF_VAR_OTHER_UBASE) {
    const cc::BuiltinVar* b = cc::builtin_var_by_id(id);
    return cat_name(b ? b->name : nullptr, id);
  }
  uint8_t scope = (op == DIF_OP_LDTS || op == DIF_OP_STTS || op == DIF_OP_LDTAA || op == DIF_OP_STTAA)
                      ? DIFV_SCOPE_THREAD
                  : (op == DIF_OP_LDLS || op == DIF_OP_STLS) ? DIFV_SCOPE_LOCAL
                                                             : DIFV_SCOPE_GLOBAL;
  for (const auto& v : d.vars)
    if (v.dtdv_id == id && v.dtdv_scope == scope) return "DT_VAR(" + str_at(d, v.dtdv_name) + ")";
  char b[32];
  snprintf(b, sizeof b, "DT_VAR(0x%x)", id);
  return b;
}

std::string type_text(const dtrace_diftype& t) {
  if (t.dtdt_kind == DIF_TYPE_STRING) return "string (by ref)";
  if (t.dtdt_size == 0) return "nothing";
  std::string s = (t.dtdt_flags & DIF_TF_BYUREF)  ? "ctf (by user ref, "
                  : (t.dtdt_flags & DIF_TF_BYREF) ? "ctf (by ref, "
                                                  : "ctf (";
  return s + std::to_string(t.dtdt_size) + " bytes)";
}

}  // namespace

std::string instr_text(const cc::Difo& d, dif_instr_t in) {
  uint8_t op = DIF_INSTR_OP(in);
  const OpInfo* info = op_info(op);
  if (info == nullptr) {
    char b[32];
    snprintf(b, sizeof b, "<invalid opcode 0x%02x>", op);
    return b;
  }
  char mn[16];
  snprintf(mn, sizeof mn, "%-7s", info->mnemonic);
  std::string m = mn;
  uint32_t r1 = DIF_INSTR_R1(in), r2 = DIF_INSTR_R2(in), rd = DIF_INSTR_RD(in);
  uint32_t idx = DIF_INSTR_INDEX(in);
  switch (info->form) {
    case DIF_FORM_R1_R2_RD: return m + reg(r1) + ", " + reg(r2) + ", " + reg(rd);
    case DIF_FORM_R1_R2: return m + reg(r1) + ", " + reg(r2);
    case DIF_FORM_R1: return m + reg(r1);
    case DIF_FORM_R1_RD: return m + reg(r1) + ", " + reg(rd);
    case DIF_FORM_R1_RS_ADDR: return m + reg(r1) + ", [" + reg(rd) + "]";
    case DIF_FORM_R1_R2_RS: return m + reg(r1) + ", " + reg(r2) + ", [" + reg(rd) + "]";
    case DIF_FORM_RD: return m + reg(rd);
    case DIF_FORM_NONE: return info->mnemonic;
    case DIF_FORM_LABEL: return m + std::to_string(DIF_INSTR_LABEL(in));
    case DIF_FORM_INT_RD: {
      std::string s = m + "DT_INTEGER[" + std::to_string(idx) + "], " + reg(rd);
      if (idx < d.ints.size()) {
        char b[40];
        snprintf(b, sizeof b, "\t! 0x%llx", static_cast<unsigned long long>(d.ints[idx]));
        s += b;
      }
      return s;
    }
    case DIF_FORM_STR_RD:
      return m + "DT_STRING[" + std::to_string(idx) + "], " + reg(rd) + "\t! " + quoted(str_at(d, idx));
    case DIF_FORM_VAR_RD: return m + var_name(d, op, static_cast<uint16_t>(idx)) + ", " + reg(rd);
    case DIF_FORM_VAR_RS: return m + reg(rd) + ", " + var_name(d, op, static_cast<uint16_t>(idx));
    case DIF_FORM_ARRAY_RD:
      return m + var_name(d, op, static_cast<uint16_t>(DIF_INSTR_AVAR(in))) + ", " + reg(r2) + ", " + reg(rd);
    case DIF_FORM_SUBR_RD: {
      // DTrace's form: the number, then the name as a comment.
      const cc::SubrProto* s = cc::subr_by_id(static_cast<uint16_t>(idx));
      return m + "DIF_SUBR(" + std::to_string(idx) + "), " + reg(rd) + "\t! " + (s ? s->name : "unknown");
    }
    case DIF_FORM_TUPLE: {
      uint32_t t = DIF_INSTR_TYPE(in);
      std::string tn = t == DIF_TYPE_STRING ? "string" : t == DIF_TYPE_CTF ? "ctf" : std::to_string(t);
      return m + "DT_TYPE(" + tn + "), " + reg(r2) + ", " + reg(rd);
    }
  }
  return m;
}

std::string disassemble_difo(const cc::Difo& d) {
  std::string out = "  returns " + type_text(d.rtype) + "\n";
  out += "  OFF OPCODE      INSTRUCTION\n";
  for (size_t i = 0; i < d.code.size(); i++) {
    char b[40];
    snprintf(b, sizeof b, "  %02zu: %08x    ", i, d.code[i]);
    out += b + instr_text(d, d.code[i]) + "\n";
  }
  if (!d.vars.empty()) {
    out += "  NAME             ID     KIND    SCOPE   FLAGS TYPE\n";
    for (const auto& v : d.vars) {
      char b[160];
      const char* kind = v.dtdv_kind == DIFV_KIND_ARRAY ? "array" : "scalar";
      const char* scope = v.dtdv_scope == DIFV_SCOPE_THREAD  ? "thread"
                          : v.dtdv_scope == DIFV_SCOPE_LOCAL ? "local"
                                                             : "global";
      std::string flags =
          std::string(v.dtdv_flags & DIFV_F_REF ? "r" : "") + (v.dtdv_flags & DIFV_F_MOD ? "w" : "");
      snprintf(b, sizeof b, "  %-16s 0x%-4x %-7s %-7s %-5s %s\n", str_at(d, v.dtdv_name).c_str(), v.dtdv_id,
               kind, scope, flags.c_str(), type_text(v.dtdv_type).c_str());
      out += b;
    }
  }
  return out;
}

std::string disassemble(const cc::Program& prog) {
  std::string out;
  // Consecutive clauses sharing predicate and actions are one D statement
  // (or one part of a statement split at an if/else).
  for (size_t i = 0; i < prog.clauses.size();) {
    const cc::Clause& first = prog.clauses[i];
    std::string probes;
    size_t j = i;
    for (; j < prog.clauses.size(); j++) {
      const cc::Clause& c = prog.clauses[j];
      if (c.statement != first.statement || c.part != first.part) break;
      if (j > i) probes += ", ";
      probes += c.probe.id ? std::to_string(c.probe.id) : c.probe.str();
    }
    i = j;
    out += "statement " + std::to_string(first.statement);
    if (first.part) out += " part " + std::to_string(first.part);
    out += ": " + probes + "\n";
    if (first.pred >= 0) {
      out += "predicate: DIFO " + std::to_string(first.pred) + "\n";
      out += disassemble_difo(prog.difos[static_cast<size_t>(first.pred)]);
    }
    for (uint32_t a = first.first_action; a < first.first_action + first.naction; a++) {
      const cc::Action& act = prog.actions[a];
      out += "action " + std::to_string(a) + ": " + kind_name(act.kind);
      if (act.has_format) out += " format " + quoted(act.format);
      if (act.ntuple) out += " ntuple " + std::to_string(act.ntuple);
      if (act.arg) {
        char b[40];
        snprintf(b, sizeof b, " arg 0x%llx", static_cast<unsigned long long>(act.arg));
        out += b;
      }
      if (DTRACEACT_ISAGG(act.kind) || act.kind == DTRACEACT_AGGKEY || act.kind == DTRACEACT_AGGINCR) {
        out += " @" + (act.aggvar < prog.aggs.size() ? prog.aggs[act.aggvar].name : std::string("?"));
      }
      if (act.difo >= 0) {
        out += " type " + (act.type.ctype.empty() ? std::string("?") : act.type.ctype);
        out += ": DIFO " + std::to_string(act.difo) + "\n";
        out += disassemble_difo(prog.difos[static_cast<size_t>(act.difo)]);
      } else {
        out += "\n";
      }
    }
    out += "\n";
  }
  return out;
}

}  // namespace dtrace::dif
