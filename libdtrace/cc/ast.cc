#include "cc/ast.h"

namespace dtrace::cc::ast {

const char* op_text(Op op) {
  switch (op) {
    case Op::Neg: return "-";
    case Op::Plus: return "+";
    case Op::BitNot: return "~";
    case Op::LogNot: return "!";
    case Op::Deref: return "*";
    case Op::AddrOf: return "&";
    case Op::Mul: return "*";
    case Op::Div: return "/";
    case Op::Mod: return "%";
    case Op::Add: return "+";
    case Op::Sub: return "-";
    case Op::Shl: return "<<";
    case Op::Shr: return ">>";
    case Op::Lt: return "<";
    case Op::Gt: return ">";
    case Op::Le: return "<=";
    case Op::Ge: return ">=";
    case Op::Eq: return "==";
    case Op::Ne: return "!=";
    case Op::BitAnd: return "&";
    case Op::BitXor: return "^";
    case Op::BitOr: return "|";
    case Op::LogAnd: return "&&";
    case Op::LogXor: return "^^";
    case Op::LogOr: return "||";
    case Op::Assign: return "=";
  }
  return "?";
}

}  // namespace dtrace::cc::ast
