#include "cc/tree_print.h"

#include <string>

namespace dtrace::cc {
namespace {

using namespace ast;

class TreePrinter {
 public:
  explicit TreePrinter(std::FILE* out) : out_(out) {}

  void item(const Node* n) {
    switch (n->kind()) {
      case Kind::Clause: clause(static_cast<const Clause&>(*n)); break;
      case Kind::VarDecl: {
        const auto& d = static_cast<const VarDecl&>(*n);
        for (const Declarator& v : d.decls) line(n, "declaration " + spec(d.spec) + " " + v.name);
        break;
      }
      case Kind::InlineDecl: {
        const auto& d = static_cast<const InlineDecl&>(*n);
        line(n, "inline " + spec(d.spec) + " " + d.decl.name);
        child(d.value);
        break;
      }
      case Kind::Translator: {
        const auto& t = static_cast<const Translator&>(*n);
        line(n, "translator " + spec(t.out->spec) + " < " + spec(t.in->spec) + " " + t.arg + " >");
        depth_++;
        for (const auto& m : t.members) {
          line(n, "member " + m.name);
          child(m.value);
        }
        depth_--;
        break;
      }
      case Kind::ProviderDecl: line(n, "provider " + static_cast<const ProviderDecl&>(*n).name); break;
      default: line(n, "?");
    }
  }

 private:
  static std::string spec(const TypeSpec& s) {
    std::string out;
    for (const std::string& w : s.words) out += (out.empty() ? "" : " ") + w;
    if (!s.tag.empty()) out += (out.empty() ? "" : " ") + s.tag;
    return out.empty() ? "<anonymous>" : out;
  }

  void line(const Node* n, const std::string& text, const Type* type = nullptr) {
    std::fprintf(out_, "%*s%s", 2 * depth_, "", text.c_str());
    if (type) std::fprintf(out_, " : %s", type->name.c_str());
    std::fprintf(out_, "  (line %d)\n", n->line);
  }

  void clause(const Clause& c) {
    std::string descs;
    for (const ProbeDesc& d : c.probes) descs += (descs.empty() ? "" : ", ") + d.text;
    line(&c, "clause " + descs);
    depth_++;
    if (c.pred) {
      line(c.pred, "predicate");
      child(c.pred);
    }
    if (c.body) stmt(c.body);
    depth_--;
  }

  void stmt(const Stmt* s) {
    switch (s->kind()) {
      case Kind::Block:
        line(s, "block");
        depth_++;
        for (const Stmt* t : static_cast<const Block*>(s)->stmts) stmt(t);
        depth_--;
        break;
      case Kind::IfStmt: {
        const auto* i = static_cast<const IfStmt*>(s);
        line(s, "if");
        child(i->cond);
        depth_++;
        stmt(i->then);
        if (i->other) stmt(i->other);
        depth_--;
        break;
      }
      case Kind::ExprStmt:
        line(s, "statement");
        child(static_cast<const ExprStmt*>(s)->expr);
        break;
      default: line(s, "?");
    }
  }

  void child(const Expr* e) {
    if (!e) return;
    depth_++;
    expr(*e);
    depth_--;
  }

  void expr(const Expr& e) {
    const Type* t = e.type;
    switch (e.kind()) {
      case Kind::IntLit: line(&e, "int " + std::to_string(static_cast<const IntLit&>(e).value), t); break;
      case Kind::StrLit: line(&e, "string \"" + static_cast<const StrLit&>(e).value + "\"", t); break;
      case Kind::Ident: line(&e, "identifier " + static_cast<const Ident&>(e).name, t); break;
      case Kind::ScopedVar: {
        const auto& v = static_cast<const ScopedVar&>(e);
        line(&e, (v.scope == ScopedVar::Scope::Thread ? "self->" : "this->") + v.name, t);
        break;
      }
      case Kind::AggRef: line(&e, "aggregation @" + static_cast<const AggRef&>(e).name, t); break;
      case Kind::SymRef: line(&e, "symbol `" + static_cast<const SymRef&>(e).text, t); break;
      case Kind::Index: {
        const auto& x = static_cast<const Index&>(e);
        line(&e, "index", t);
        child(x.base);
        for (const Expr* a : x.args) child(a);
        break;
      }
      case Kind::Call: {
        const auto& c = static_cast<const Call&>(e);
        line(&e, "call " + c.name, t);
        for (const Expr* a : c.args) child(a);
        break;
      }
      case Kind::Member: {
        const auto& m = static_cast<const Member&>(e);
        line(&e, std::string(m.arrow ? "member ->" : "member .") + m.member, t);
        child(m.base);
        break;
      }
      case Kind::Unary: {
        const auto& u = static_cast<const Unary&>(e);
        line(&e, std::string("unary ") + op_text(u.op), t);
        child(u.operand);
        break;
      }
      case Kind::Binary: {
        const auto& b = static_cast<const Binary&>(e);
        line(&e, std::string("binary ") + op_text(b.op), t);
        child(b.lhs);
        child(b.rhs);
        break;
      }
      case Kind::Assign: {
        const auto& a = static_cast<const Assign&>(e);
        line(&e, std::string("assign ") + (a.op == Op::Assign ? "" : op_text(a.op)) + "=", t);
        child(a.lhs);
        child(a.rhs);
        break;
      }
      case Kind::Ternary: {
        const auto& c = static_cast<const Ternary&>(e);
        line(&e, "conditional", t);
        child(c.cond);
        child(c.then);
        child(c.other);
        break;
      }
      case Kind::IncDec: {
        const auto& i = static_cast<const IncDec&>(e);
        line(&e, std::string(i.postfix ? "postfix " : "prefix ") + (i.increment ? "++" : "--"), t);
        child(i.operand);
        break;
      }
      case Kind::Cast:
        line(&e, "cast (" + spec(static_cast<const Cast&>(e).to->spec) + ")", t);
        child(static_cast<const Cast&>(e).operand);
        break;
      case Kind::Sizeof:
        line(&e, "sizeof", t);
        child(static_cast<const Sizeof&>(e).operand);
        break;
      case Kind::Offsetof: line(&e, "offsetof " + static_cast<const Offsetof&>(e).member, t); break;
      case Kind::Stringof:
        line(&e, "stringof", t);
        child(static_cast<const Stringof&>(e).operand);
        break;
      case Kind::Xlate:
        line(&e, "xlate <" + spec(static_cast<const Xlate&>(e).to->spec) + ">", t);
        child(static_cast<const Xlate&>(e).operand);
        break;
      case Kind::Comma:
        line(&e, "comma", t);
        child(static_cast<const Comma&>(e).lhs);
        child(static_cast<const Comma&>(e).rhs);
        break;
      default: line(&e, "?", t);
    }
  }

  std::FILE* out_;
  int depth_ = 1;
};

}  // namespace

void print_tree(const ast::Program& prog, const char* title, std::FILE* out) {
  std::fprintf(out, "parse tree %s:\n", title);
  TreePrinter p(out);
  for (const ast::Node* n : prog.items) p.item(n);
}

}  // namespace dtrace::cc
