#include "cc/tree_print.h"

#include <string>

#include "cc/visitor.h"

namespace dtrace::cc {
namespace {

using namespace ast;

// One line per node, its children indented below it in source order
// (an assignment's place before its value, as written).
class TreePrinter : public ConstVisitor<TreePrinter> {
 public:
  explicit TreePrinter(std::FILE* out) : out_(out) {}

  void visit_Clause(const Clause& c) {
    std::string descs;
    for (const ProbeDesc& d : c.probes) descs += (descs.empty() ? "" : ", ") + d.text;
    line(&c, "clause " + descs);
    depth_++;
    if (c.pred) {
      line(c.pred, "predicate");
      child(c.pred);
    }
    visit(c.body);
    depth_--;
  }
  void visit_VarDecl(const VarDecl& d) {
    for (const Declarator& v : d.decls) line(&d, "declaration " + spec(d.spec) + " " + v.name);
  }
  void visit_InlineDecl(const InlineDecl& d) {
    with_children(d, "inline " + spec(d.spec) + " " + d.decl.name);
  }
  void visit_Translator(const Translator& t) {
    line(&t, "translator " + spec(t.out->spec) + " < " + spec(t.in->spec) + " " + t.arg + " >");
    depth_++;
    for (const auto& m : t.members) {
      line(&t, "member " + m.name);
      child(m.value);
    }
    depth_--;
  }
  void visit_ProviderDecl(const ProviderDecl& p) { line(&p, "provider " + p.name); }

  void visit_Block(const Block& b) { with_children(b, "block"); }
  void visit_IfStmt(const IfStmt& i) { with_children(i, "if"); }
  void visit_ExprStmt(const ExprStmt& s) { with_children(s, "statement"); }

  void visit_IntLit(const IntLit& e) { expr_line(e, "int " + std::to_string(e.value)); }
  void visit_StrLit(const StrLit& e) { expr_line(e, "string \"" + e.value + "\""); }
  void visit_Ident(const Ident& e) { expr_line(e, "identifier " + e.name); }
  void visit_ScopedVar(const ScopedVar& e) {
    expr_line(e, (e.scope == ScopedVar::Scope::Thread ? "self->" : "this->") + e.name);
  }
  void visit_AggRef(const AggRef& e) { expr_line(e, "aggregation @" + e.name); }
  void visit_SymRef(const SymRef& e) { expr_line(e, "symbol `" + e.text); }
  void visit_Index(const Index& e) { with_children(e, "index"); }
  void visit_Call(const Call& e) { with_children(e, "call " + e.name); }
  void visit_Member(const Member& e) {
    with_children(e, std::string(e.arrow ? "member ->" : "member .") + e.member);
  }
  void visit_Unary(const Unary& e) { with_children(e, std::string("unary ") + op_text(e.op)); }
  void visit_Binary(const Binary& e) { with_children(e, std::string("binary ") + op_text(e.op)); }
  void visit_Assign(const Assign& a) {
    expr_line(a, std::string("assign ") + (a.op == Op::Assign ? "" : op_text(a.op)) + "=");
    child(a.lhs);
    child(a.rhs);
  }
  void visit_Ternary(const Ternary& e) { with_children(e, "conditional"); }
  void visit_IncDec(const IncDec& e) {
    with_children(e, std::string(e.postfix ? "postfix " : "prefix ") + (e.increment ? "++" : "--"));
  }
  void visit_Cast(const Cast& e) { with_children(e, "cast (" + spec(e.to->spec) + ")"); }
  void visit_Sizeof(const Sizeof& e) { with_children(e, "sizeof"); }
  void visit_Offsetof(const Offsetof& e) { expr_line(e, "offsetof " + e.member); }
  void visit_Stringof(const Stringof& e) { with_children(e, "stringof"); }
  void visit_Xlate(const Xlate& e) { with_children(e, "xlate <" + spec(e.to->spec) + ">"); }
  void visit_Comma(const Comma& e) { with_children(e, "comma"); }
  void visit_TypeName(const TypeName& n) { line(&n, "?"); }

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
    std::fprintf(out_, "  (line %d)\n", n->loc.line);
  }
  void expr_line(const Expr& e, const std::string& text) { line(&e, text, e.type); }

  // The node's line (with its type for an expression), then its children.
  void with_children(const Node& n, const std::string& text) {
    const Expr* e = ast::as_expr(const_cast<Node*>(&n));
    line(&n, text, e ? e->type : nullptr);
    depth_++;
    visit_node(n);
    depth_--;
  }

  void child(const Node* n) {
    if (!n) return;
    depth_++;
    visit(n);
    depth_--;
  }

  std::FILE* out_;
  int depth_ = 1;
};

}  // namespace

void print_tree(const ast::Program& prog, const char* title, std::FILE* out) {
  std::fprintf(out, "parse tree %s:\n", title);
  TreePrinter p(out);
  p.visit_program(prog);
}

}  // namespace dtrace::cc
