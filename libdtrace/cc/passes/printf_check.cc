#include "cc/passes/printf_check.h"

#include "util/format_spec.h"

namespace dtrace::cc {
namespace {

enum class Check : uint8_t { XInt, CSI, Addr, Str, FP, Stack, Time, Int, Pct, WStr };

struct Conv {
  const char* name;
  const char* proto;
  Check check;
};

constexpr const char kXInt[] = "char, short, int, long, or long long";
constexpr const char kCSI[] = "char, short, or int";
constexpr const char kFP[] = "float, double, or long double";
constexpr const char kAddr[] = "pointer or integer";
constexpr const char kCStr[] = "char [] or string (or use stringof)";

// The conversions D accepts; prototypes are the texts DTrace prints.
constexpr Conv kConvs[] = {
    {"a", kAddr, Check::Addr},
    {"A", kAddr, Check::Addr},
    {"c", kCSI, Check::CSI},
    {"C", kCSI, Check::CSI},
    {"d", kXInt, Check::XInt},
    {"e", kFP, Check::FP},
    {"E", kFP, Check::FP},
    {"f", kFP, Check::FP},
    {"g", kFP, Check::FP},
    {"G", kFP, Check::FP},
    {"hd", "short", Check::Int},
    {"hi", "short", Check::Int},
    {"ho", "unsigned short", Check::Int},
    {"hu", "unsigned short", Check::Int},
    {"hx", "short", Check::Int},
    {"hX", "short", Check::Int},
    {"hhd", "char", Check::Int},
    {"hhu", "unsigned char", Check::Int},
    {"hhx", "char", Check::Int},
    {"i", kXInt, Check::XInt},
    {"I", kCStr, Check::Str},
    {"k", "stack", Check::Stack},
    {"lc", "int", Check::Int},
    {"ld", "long", Check::Int},
    {"li", "long", Check::Int},
    {"lo", "unsigned long", Check::Int},
    {"lu", "unsigned long", Check::Int},
    {"ls", "wchar_t []", Check::WStr},
    {"lx", "long", Check::Int},
    {"lX", "long", Check::Int},
    {"lld", "long long", Check::Int},
    {"lli", "long long", Check::Int},
    {"llo", "unsigned long long", Check::Int},
    {"llu", "unsigned long long", Check::Int},
    {"llx", "long long", Check::Int},
    {"llX", "long long", Check::Int},
    {"Le", "long double", Check::FP},
    {"LE", "long double", Check::FP},
    {"Lf", "long double", Check::FP},
    {"Lg", "long double", Check::FP},
    {"LG", "long double", Check::FP},
    {"o", kXInt, Check::XInt},
    {"p", kAddr, Check::Addr},
    {"P", "uint16_t", Check::Int},
    {"s", kCStr, Check::Str},
    {"S", kCStr, Check::Str},
    {"T", "int64_t", Check::Time},
    {"u", kXInt, Check::XInt},
    {"wc", "int", Check::Int},
    {"ws", "wchar_t []", Check::WStr},
    {"x", kXInt, Check::XInt},
    {"X", kXInt, Check::XInt},
    {"Y", "int64_t", Check::Time},
    {"%", "void", Check::Pct},
};

// What a malformed conversion gets, after "conversion #n".
const char* fault_text(FormatFault f) {
  switch (f) {
    case FormatFault::kTwoDots: return " has more than one '.' specified";
    case FormatFault::kPositional: return " uses unsupported positional format (%n$)";
    case FormatFault::kPercentFlags: return " cannot be combined with other format flags: %%";
    case FormatFault::kNoName:
    case FormatFault::kNone: break;
  }
  return " name expected before end of format string";
}

const Conv* find_conv(const std::string& n) {
  for (const auto& c : kConvs)
    if (n == c.name) return &c;
  return nullptr;
}

bool accepts(Check c, const Type* t, const char* special) {
  if (special != nullptr) return c == Check::Stack && std::string_view(special) == "stack";
  if (t != nullptr && t->is_void()) return false;
  if (t == nullptr) return c != Check::Str && c != Check::FP && c != Check::WStr;  // aggregation value: int64
  switch (c) {
    case Check::XInt: return t->is_int() || t->is_pointer();
    case Check::CSI: return t->is_int() && t->size <= 4;
    case Check::Addr: return t->is_int() || t->is_pointer();
    case Check::Str:
      return t->is_string() || ((t->is_pointer() || t->kind == Type::Kind::Array) && t->base &&
                                t->base->is_int() && t->base->size == 1);
    case Check::FP: return t->is_float();
    case Check::Stack: return true;
    case Check::Time: return t->is_int();
    case Check::Int: return t->is_int();
    case Check::Pct: return true;
    case Check::WStr: return false;
  }
  return false;
}

}  // namespace

bool check_format(CompileContext& ctx, Loc loc, const std::string& func, const std::string& fmt,
                  const std::vector<FormatArg>& args, int first_argno, bool aggregation, bool exact) {
  if (fmt.empty()) {
    ctx.error(loc, ErrTag::D_PRINTF_FMT_EMPTY, cat(func, "( ) format string is empty"));
    return false;
  }
  ParsedFormat pf = parse_format(fmt);
  std::vector<const FormatConv*> dirs;
  for (const FormatPiece& p : pf.pieces) {
    if (!p.is_conv) continue;
    if (find_conv(p.conv.name()) == nullptr) {
      ctx.error(loc, ErrTag::D_SYNTAX,
                cat("format conversion #", dirs.size() + 1, " is undefined: %", p.conv.name()));
      return false;
    }
    dirs.push_back(&p.conv);
  }
  if (pf.fault != FormatFault::kNone) {
    ctx.error(loc, ErrTag::D_SYNTAX, cat("format conversion #", pf.fault_conv, fault_text(pf.fault)));
    return false;
  }

  size_t j = 0;  // next value argument
  for (size_t i = 0; i < dirs.size(); i++) {
    const FormatConv& d = *dirs[i];
    const Conv* conv = find_conv(d.name());
    if (conv->check == Check::Pct) continue;
    const char* dyns[2];
    int ndyn = 0;
    if (d.prec_star) dyns[ndyn++] = ".*";
    if (d.width_star) dyns[ndyn++] = "*";
    for (; ndyn > 0; ndyn--) {
      if (j >= args.size()) {
        ctx.error(loc, ErrTag::D_PRINTF_DYN_PROTO,
                  proto_mismatch(cat(func, "( )"),
                                 cat("conversion #", i + 1, " (%", conv->name,
                                     ") is missing a corresponding \"", dyns[ndyn - 1], "\" argument")));
        return false;
      }
      const Type* t = args[j].type;
      if (t == nullptr || !t->is_int()) {
        ctx.error(args[j].loc, ErrTag::D_PRINTF_DYN_TYPE,
                  cat(func, "( ) argument #", j + first_argno, " is incompatible with conversion #", i + 1,
                      " prototype:\n\tconversion: % ", dyns[ndyn - 1], " ", conv->name,
                      "\n\t prototype: int\n\t  argument: ", t ? t->name : "aggregation"));
        return false;
      }
      j++;
    }
    const Type* vt = nullptr;
    const char* special = nullptr;
    std::string vname;
    Loc vloc = loc;
    if (d.agg) {
      if (!aggregation) {
        ctx.error(loc, ErrTag::D_PRINTF_AGG_CONV,
                  cat("%@ conversion requires an aggregation and is not for use with ", func, "( )"));
        return false;
      }
      vname = "aggregating action";
    } else if (j >= args.size()) {
      if (aggregation) continue;  // printa: conversions may consume keys
      ctx.error(loc, ErrTag::D_PRINTF_ARG_PROTO,
                proto_mismatch(cat(func, "( )"), cat("conversion #", i + 1, " (%", conv->name,
                                                     ") is missing a corresponding value argument")));
      return false;
    } else {
      vt = args[j].type;
      special = args[j].special;
      vloc = args[j].loc;
      vname = cat("argument #", j + first_argno);
      j++;
    }
    if (!accepts(conv->check, vt, special)) {
      ctx.error(
          vloc, ErrTag::D_PRINTF_ARG_TYPE,
          cat(func, "( ) ", vname, " is incompatible with conversion #", i + 1,
              " prototype:\n\tconversion: %", conv->name, "\n\t prototype: ", conv->proto, "\n\t  argument: ",
              special ? special
              : vt    ? vt->name
                      : "int64_t"));
      return false;
    }
  }
  if (exact && j < args.size()) {
    ctx.error(loc, ErrTag::D_PRINTF_ARG_EXTRA,
              proto_mismatch(cat(func, "( )"), cat("only ", j, " arguments required by this format string")));
    return false;
  }
  return true;
}

}  // namespace dtrace::cc
