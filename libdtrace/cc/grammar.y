/*
 * The D grammar (Bison lalr1.cc). Builds ast:: nodes in the compile's
 * arena; semantics are left to the passes. The only resolved conflict is
 * the dangling else (by precedence). Lexing modes: cc/parse.h.
 */
%require "3.8"
%language "c++"
%define api.namespace {dtrace::cc::yy}
%define api.parser.class {Parser}
%define api.value.type variant
%define api.token.constructor
%define api.token.prefix {TOK_}
%define api.location.type {dtrace::cc::Loc}
%define parse.error custom
%expect 0
%locations
%param {dtrace::cc::ParseDriver& drv}

%code requires {
#include <string>
#include <utility>
#include <vector>
#include "cc/ast.h"
#include "cc/parse.h"

namespace dtrace::cc::grammar {
// Declaration specifiers while they accumulate.
struct DeclSpecs {
  ast::StorageClass storage = ast::StorageClass::None;
  int nstorage = 0;
  ast::TypeSpec spec;
};
}
}

%code {
#include "cc/passes/decl.h"
dtrace::cc::yy::Parser::symbol_type dtcc_lex(void* scanner);

namespace dtrace::cc::yy {
inline Parser::symbol_type yylex(ParseDriver& drv) {
  Parser::symbol_type t = dtcc_lex(drv.scanner);
  drv.note_token(t.kind() == Parser::symbol_kind::S_PSPEC, t.kind() == Parser::symbol_kind::S_COMMA,
                 t.location);
  return t;
}
}

#define YYLLOC_DEFAULT(Cur, Rhs, N) \
  do { (Cur) = (N) ? YYRHSLOC(Rhs, 1) : YYRHSLOC(Rhs, 0); } while (0)

namespace {
using namespace dtrace::cc;
using namespace dtrace::cc::ast;
using ast::Clause; using ast::Block; using ast::Stmt; using ast::ExprStmt; using ast::IfStmt;
using ast::Expr; using ast::Ident; using ast::IntLit; using ast::StrLit; using ast::AggRef;
using ast::SymRef; using ast::ScopedVar; using ast::Index; using ast::Call; using ast::Member;
using ast::IncDec; using ast::Offsetof; using ast::Xlate; using ast::Unary; using ast::Sizeof;
using ast::Stringof; using ast::Cast; using ast::Binary; using ast::Ternary; using ast::Assign;
using ast::Comma; using ast::VarDecl; using ast::InlineDecl; using ast::Translator;
using ast::ProviderDecl; using ast::TypeName; using ast::Kind; using ast::Op;
using ast::StorageClass; using ast::ProbeDesc;
using dtrace::cc::grammar::DeclSpecs;

template <typename T, typename... A>
T* mk(ParseDriver& d, A&&... a) { return d.ctx.make<T>(std::forward<A>(a)...); }

Block* as_block(ParseDriver& d, Loc loc, std::vector<Stmt*> v) {
  Block* b = mk<Block>(d, loc);
  b->stmts = std::move(v);
  return b;
}

void add_word(DeclSpecs& s, const std::string& w) { s.spec.words.push_back(w); }

// An associative array key or probe parameter; they take no storage class.
TypeName* make_param(ParseDriver& d, Loc loc, DeclSpecs s, ast::Declarator decl) {
  if (s.storage != StorageClass::None)
    d.ctx.error(loc, ErrTag::D_DECL_PARMCLASS,
                "inappropriate storage class for function or associative array parameter");
  TypeName* t = mk<TypeName>(d, loc);
  t->spec = std::move(s.spec);
  t->decl = std::move(decl);
  return t;
}

// The level of a declarator derived first from the base type: where the
// stars before it go (int *(*(*f)(int))(char): the first *).
ast::Declarator& innermost(ast::Declarator& d) {
  ast::Declarator* p = &d;
  while (p->ret) p = p->ret.get();
  return *p;
}

// (*inner)(params): inner becomes a pointer (stars) to a function. When
// inner already is a function pointer, the new function is its return
// type's, derived from the base type before inner's own levels.
ast::Declarator function_declarator(ast::Declarator inner, int stars, std::vector<TypeName*> params) {
  if (inner.fn_pointers == 0) {
    inner.fn_pointers = stars;
    inner.fn_params = std::move(params);
    return inner;
  }
  auto ret = std::make_shared<ast::Declarator>();
  ret->fn_pointers = stars;
  ret->fn_params = std::move(params);
  innermost(inner).ret = std::move(ret);
  return inner;
}

// d[n] where d declares a function pointer, (*f)(int)[4]: C has no
// function returning an array.
void array_of(ParseDriver& drv, Loc loc, ast::Declarator& d, ast::ArrayDim dim) {
  if (d.fn_pointers > 0)
    drv.ctx.error(loc, ErrTag::D_DECL_COMBO, "invalid type combination: function returning an array");
  d.dims.push_back(std::move(dim));
}

// A struct/union/enum specifier after other specifiers: the words it
// brings make the combination invalid (D_DECL_COMBO, decl pass).
void add_tag(DeclSpecs& s, ast::TypeSpec t) {
  // The error names the first tag that joined other specifiers.
  Loc loc = s.spec.tag_kind != Type::Kind::Void && !s.spec.words.empty() ? s.spec.tag_loc : t.tag_loc;
  std::vector<std::string> words = std::move(s.spec.words);
  if (s.spec.tag_kind != Type::Kind::Void) words.push_back(s.spec.tag.empty() ? "struct" : s.spec.tag);
  bool c = s.spec.is_const, v = s.spec.is_volatile, u = s.spec.userland;
  s.spec = std::move(t);
  s.spec.words = std::move(words);
  s.spec.is_const |= c;
  s.spec.is_volatile |= v;
  s.spec.userland |= u;
  s.spec.tag_loc = loc;
}

}
}

%token END 0 "end of input"
%token <std::string> PSPEC IDENT TNAME AGG SYMBOL STRING
%token <dtrace::cc::IntTok> INT
%token PRED_BEGIN PRED_END
%token LBRACE RBRACE LPAR RPAR LBRACK RBRACK COMMA SEMI COLON QUESTION ELLIPSIS DOT ARROW
%token INC DEC PLUS MINUS STAR SLASH PERCENT AMP PIPE CARET TILDE BANG
%token SHL SHR LT GT LE GE EQ NE LAND LOR LXOR
%token ASSIGN MUL_ASSIGN DIV_ASSIGN MOD_ASSIGN ADD_ASSIGN SUB_ASSIGN SHL_ASSIGN SHR_ASSIGN
%token AND_ASSIGN XOR_ASSIGN OR_ASSIGN
%token AUTO BREAK CASE CHAR CONST CONTINUE COUNTER DEFAULT DO DOUBLE ELSE ENUM EXTERN
%token FLOAT FOR GOTO IF IMPORT INLINE INT_KW LONG OFFSETOF PROBE PROVIDER REGISTER
%token RESTRICT RETURN SELF SHORT SIGNED SIZEOF STATIC STRING_KW STRINGOF STRUCT SWITCH
%token THIS TRANSLATOR TYPEDEF UNION UNSIGNED USERLAND VOID VOLATILE WHILE XLATE

%precedence THEN
%precedence ELSE

%type <std::vector<dtrace::cc::ast::ProbeDesc>> pspecs
%type <dtrace::cc::ast::Block*> body block
%type <std::vector<dtrace::cc::ast::Stmt*>> stmts
%type <dtrace::cc::ast::Stmt*> stmt
%type <dtrace::cc::ast::Expr*> primary postfix unary cast_expr mul_expr add_expr shift_expr
%type <dtrace::cc::ast::Expr*> rel_expr eq_expr and_expr xor_expr or_expr land_expr lxor_expr
%type <dtrace::cc::ast::Expr*> lor_expr cond_expr assign_expr expr const_expr
%type <std::vector<dtrace::cc::ast::Expr*>> args
%type <dtrace::cc::ast::Op> assign_op unary_op
%type <std::string> member_name
%type <dtrace::cc::grammar::DeclSpecs> decl_specs spec_quals
%type <dtrace::cc::ast::TypeSpec> struct_spec enum_spec
%type <dtrace::cc::ast::Declarator> declarator direct_declarator abstract_decl
%type <dtrace::cc::ast::Declarator> direct_abstract
%type <std::vector<dtrace::cc::ast::Declarator>> declarators
%type <std::pair<dtrace::cc::ast::Declarator, dtrace::cc::ast::Expr*>> member_decl
%type <std::vector<std::pair<dtrace::cc::ast::Declarator, dtrace::cc::ast::Expr*>>> member_decls
%type <int> pointer
%type <dtrace::cc::ast::StorageClass> storage
%type <dtrace::cc::ast::ArrayDim> array_dim
%type <std::vector<dtrace::cc::ast::TypeName*>> param_list opt_params
%type <dtrace::cc::ast::TypeName*> type_name param
%type <dtrace::cc::ast::Body*> members enumerators
%type <dtrace::cc::ast::Translator*> xlate_members
%type <dtrace::cc::ast::ProviderDecl*> probe_decls

%start program

%%

program
  : items END
  | items pspecs END {
      if (!drv.ctx.probe_spec) {
        drv.ctx.error($2.front().loc, ErrTag::D_SYNTAX,
                      "expected predicate and/or actions following probe description");
        YYABORT;
      }
      ast::Clause* c = mk<ast::Clause>(drv, $2.front().loc);
      c->probes = std::move($2);
      drv.ctx.ast.items.push_back(c);
    }
  ;

items
  : %empty
  | items item
  ;

item
  : pspecs body {
      ast::Clause* c = mk<ast::Clause>(drv, $1.front().loc);
      c->probes = std::move($1);
      c->body = $2;
      drv.ctx.ast.items.push_back(c);
    }
  | pspecs PRED_BEGIN expr PRED_END body {
      ast::Clause* c = mk<ast::Clause>(drv, $1.front().loc);
      c->probes = std::move($1);
      c->pred = $3;
      c->body = $5;
      c->end_loc = drv.lex_loc;
      drv.ctx.ast.items.push_back(c);
    }
  | declaration
  ;

pspecs
  : PSPEC { $$.push_back(ProbeDesc{$1, @1}); }
  | pspecs COMMA PSPEC { $$ = std::move($1); $$.push_back(ProbeDesc{$3, @3}); }
  ;

body
  : LBRACE stmts RBRACE { $$ = as_block(drv, @1, std::move($2)); }
  | LBRACE stmts expr RBRACE {
      $2.push_back(mk<ExprStmt>(drv, $3->loc, $3));
      $$ = as_block(drv, @1, std::move($2));
    }
  ;

block
  : body { $$ = $1; }
  | stmt {  /* an empty statement (";") is null: an empty block */
      $$ = as_block(drv, @1, {});
      if ($1) $$->stmts.push_back($1);
    }
  ;

stmts
  : %empty {}
  | stmts stmt { $$ = std::move($1); if ($2) $$.push_back($2); }
  ;

stmt
  : SEMI { $$ = nullptr; }
  | expr SEMI { $$ = mk<ExprStmt>(drv, $1->loc, $1); }
  | IF LPAR expr RPAR block %prec THEN { $$ = mk<IfStmt>(drv, @1, $3, $5, nullptr); }
  | IF LPAR expr RPAR block ELSE block { $$ = mk<IfStmt>(drv, @1, $3, $5, $7); }
  ;

/* ---- Expressions (C precedence, plus ^^ between && and ||) ---- */

primary
  : IDENT { $$ = mk<Ident>(drv, @1, $1); }
  | INT {
      IntLit* n = mk<IntLit>(drv, @1, $1.value);
      n->text = $1.text;
      n->lit_type = int_literal_type(drv.ctx.types, $1);
      $$ = n;
    }
  | STRING { $$ = mk<StrLit>(drv, @1, $1); }
  | AGG { $$ = mk<AggRef>(drv, @1, $1); }
  | SYMBOL { $$ = mk<SymRef>(drv, @1, $1); }
  | SELF ARROW member_name { $$ = mk<ScopedVar>(drv, @1, ScopedVar::Scope::Thread, $3); }
  | THIS ARROW member_name { $$ = mk<ScopedVar>(drv, @1, ScopedVar::Scope::Local, $3); }
  | LPAR expr RPAR { $$ = $2; }
  ;

member_name
  : IDENT { $$ = $1; }
  | TNAME { $$ = $1; }
  ;

postfix
  : primary { $$ = $1; }
  | postfix LBRACK args RBRACK { $$ = mk<Index>(drv, $1->loc, $1, std::move($3)); }
  | postfix LPAR RPAR {
      if ($1->kind() != Kind::Ident)
        drv.ctx.error($1->loc, ErrTag::D_FUNC_IDENT, "function designator is not of function type");
      std::string name = $1->kind() == Kind::Ident ? static_cast<Ident*>($1)->name : "";
      $$ = mk<Call>(drv, $1->loc, name, std::vector<Expr*>{});
    }
  | postfix LPAR args RPAR {
      if ($1->kind() != Kind::Ident)
        drv.ctx.error($1->loc, ErrTag::D_FUNC_IDENT, "function designator is not of function type");
      std::string name = $1->kind() == Kind::Ident ? static_cast<Ident*>($1)->name : "";
      $$ = mk<Call>(drv, $1->loc, name, std::move($3));
    }
  | postfix DOT member_name { $$ = mk<Member>(drv, $1->loc, $1, $3, false); }
  | postfix ARROW member_name { $$ = mk<Member>(drv, $1->loc, $1, $3, true); }
  | postfix INC { $$ = mk<IncDec>(drv, $1->loc, $1, true, true); }
  | postfix DEC { $$ = mk<IncDec>(drv, $1->loc, $1, false, true); }
  | OFFSETOF LPAR type_name COMMA member_name RPAR { $$ = mk<Offsetof>(drv, @1, $3, $5); }
  | XLATE LT type_name GT LPAR expr RPAR { $$ = mk<Xlate>(drv, @1, $3, $6); }
  ;

args
  : assign_expr { $$.push_back($1); }
  | args COMMA assign_expr { $$ = std::move($1); $$.push_back($3); }
  ;

unary
  : postfix { $$ = $1; }
  | INC unary { $$ = mk<IncDec>(drv, @1, $2, true, false); }
  | DEC unary { $$ = mk<IncDec>(drv, @1, $2, false, false); }
  | unary_op cast_expr { $$ = mk<Unary>(drv, drv.lex_loc, $1, $2); }
  | SIZEOF unary { $$ = mk<Sizeof>(drv, @1, nullptr, $2); }
  | SIZEOF LPAR type_name RPAR { $$ = mk<Sizeof>(drv, @1, $3, nullptr); }
  | STRINGOF unary { $$ = mk<Stringof>(drv, @1, $2); }
  ;

unary_op
  : AMP { $$ = Op::AddrOf; }
  | STAR { $$ = Op::Deref; }
  | PLUS { $$ = Op::Plus; }
  | MINUS { $$ = Op::Neg; }
  | TILDE { $$ = Op::BitNot; }
  | BANG { $$ = Op::LogNot; }
  ;

cast_expr
  : unary { $$ = $1; }
  | LPAR type_name RPAR cast_expr { $$ = mk<Cast>(drv, drv.lex_loc, $2, $4); }
  ;

mul_expr
  : cast_expr { $$ = $1; }
  | mul_expr STAR cast_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::Mul, $1, $3); }
  | mul_expr SLASH cast_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::Div, $1, $3); }
  | mul_expr PERCENT cast_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::Mod, $1, $3); }
  ;

add_expr
  : mul_expr { $$ = $1; }
  | add_expr PLUS mul_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::Add, $1, $3); }
  | add_expr MINUS mul_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::Sub, $1, $3); }
  ;

shift_expr
  : add_expr { $$ = $1; }
  | shift_expr SHL add_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::Shl, $1, $3); }
  | shift_expr SHR add_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::Shr, $1, $3); }
  ;

rel_expr
  : shift_expr { $$ = $1; }
  | rel_expr LT shift_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::Lt, $1, $3); }
  | rel_expr GT shift_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::Gt, $1, $3); }
  | rel_expr LE shift_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::Le, $1, $3); }
  | rel_expr GE shift_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::Ge, $1, $3); }
  ;

eq_expr
  : rel_expr { $$ = $1; }
  | eq_expr EQ rel_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::Eq, $1, $3); }
  | eq_expr NE rel_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::Ne, $1, $3); }
  ;

and_expr
  : eq_expr { $$ = $1; }
  | and_expr AMP eq_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::BitAnd, $1, $3); }
  ;

xor_expr
  : and_expr { $$ = $1; }
  | xor_expr CARET and_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::BitXor, $1, $3); }
  ;

or_expr
  : xor_expr { $$ = $1; }
  | or_expr PIPE xor_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::BitOr, $1, $3); }
  ;

land_expr
  : or_expr { $$ = $1; }
  | land_expr LAND or_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::LogAnd, $1, $3); }
  ;

lxor_expr
  : land_expr { $$ = $1; }
  | lxor_expr LXOR land_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::LogXor, $1, $3); }
  ;

lor_expr
  : lxor_expr { $$ = $1; }
  | lor_expr LOR lxor_expr { $$ = mk<Binary>(drv, drv.lex_loc, Op::LogOr, $1, $3); }
  ;

cond_expr
  : lor_expr { $$ = $1; }
  | lor_expr QUESTION expr COLON cond_expr { $$ = mk<Ternary>(drv, drv.lex_loc, $1, $3, $5); }
  ;

assign_expr
  : cond_expr { $$ = $1; }
  | unary assign_op assign_expr { $$ = mk<Assign>(drv, drv.lex_loc, $2, $1, $3); }
  ;

assign_op
  : ASSIGN { $$ = Op::Assign; }
  | MUL_ASSIGN { $$ = Op::Mul; }
  | DIV_ASSIGN { $$ = Op::Div; }
  | MOD_ASSIGN { $$ = Op::Mod; }
  | ADD_ASSIGN { $$ = Op::Add; }
  | SUB_ASSIGN { $$ = Op::Sub; }
  | SHL_ASSIGN { $$ = Op::Shl; }
  | SHR_ASSIGN { $$ = Op::Shr; }
  | AND_ASSIGN { $$ = Op::BitAnd; }
  | XOR_ASSIGN { $$ = Op::BitXor; }
  | OR_ASSIGN { $$ = Op::BitOr; }
  ;

expr
  : assign_expr { $$ = $1; }
  | expr COMMA assign_expr { $$ = mk<Comma>(drv, @2, $1, $3); }
  ;

const_expr
  : cond_expr { $$ = $1; }
  ;

/* ---- Declarations ---- */

declaration
  : decl_specs SEMI {
      VarDecl* d = mk<VarDecl>(drv, @1);
      d->storage = $1.storage;
      d->spec = std::move($1.spec);
      declare_types_now(drv.ctx, d);
      drv.ctx.ast.items.push_back(d);
    }
  | decl_specs declarators SEMI {
      VarDecl* d = mk<VarDecl>(drv, @1);
      d->storage = $1.storage;
      d->spec = std::move($1.spec);
      d->decls = std::move($2);
      declare_types_now(drv.ctx, d);
      drv.ctx.ast.items.push_back(d);
    }
  | INLINE decl_specs declarator ASSIGN assign_expr SEMI {
      InlineDecl* d = mk<InlineDecl>(drv, @1);
      d->spec = std::move($2.spec);
      d->decl = std::move($3);
      d->value = $5;
      drv.ctx.ast.items.push_back(d);
    }
  | TRANSLATOR type_name LT type_name IDENT GT LBRACE xlate_members RBRACE SEMI {
      // DTrace checks a translator, members included, once it has read
      // its closing brace: its errors name that line.
      Translator* t = $8;
      t->loc = @9;
      for (auto& m : t->members) m.loc = @9;
      t->out = $2;
      t->in = $4;
      t->arg = $5;
      drv.ctx.ast.items.push_back(t);
    }
  | PROVIDER IDENT LBRACE probe_decls RBRACE SEMI {
      ProviderDecl* p = $4;
      p->loc = @1;
      p->name = $2;
      drv.ctx.ast.items.push_back(p);
    }
  ;

decl_specs
  : spec_quals { $$ = std::move($1); }
  | storage spec_quals { $$ = std::move($2); $$.storage = $1; }
  | storage { $$.storage = $1; }  /* extern x;: C's implicit int */
  | storage storage spec_quals {
      drv.ctx.error(@2, ErrTag::D_DECL_CLASS, "more than one storage class specified");
      $$ = std::move($3); $$.storage = $1; }
  ;

storage
  : SELF { $$ = StorageClass::Self; }
  | THIS { $$ = StorageClass::This; }
  | EXTERN { $$ = StorageClass::Extern; }
  | STATIC { $$ = StorageClass::Static; }
  | REGISTER { $$ = StorageClass::Register; }
  | AUTO { $$ = StorageClass::Auto; }
  | TYPEDEF { $$ = StorageClass::Typedef; }
  ;

/* Type specifiers and qualifiers; a typedef name only as the first word. */
spec_quals
  : TNAME { $$.spec.words.push_back($1); }
  | struct_spec { $$.spec = std::move($1); }
  | enum_spec { $$.spec = std::move($1); }
  | CHAR { add_word($$, "char"); }
  | SHORT { add_word($$, "short"); }
  | INT_KW { add_word($$, "int"); }
  | LONG { add_word($$, "long"); }
  | SIGNED { add_word($$, "signed"); }
  | UNSIGNED { add_word($$, "unsigned"); }
  | VOID { add_word($$, "void"); }
  | STRING_KW { add_word($$, "string"); }
  | FLOAT { add_word($$, "float"); }
  | DOUBLE { add_word($$, "double"); }
  | CONST { $$.spec.is_const = true; }
  | VOLATILE { $$.spec.is_volatile = true; }
  | RESTRICT { }
  | USERLAND { $$.spec.userland = true; }
  | spec_quals CHAR { $$ = std::move($1); add_word($$, "char"); }
  | spec_quals SHORT { $$ = std::move($1); add_word($$, "short"); }
  | spec_quals INT_KW { $$ = std::move($1); add_word($$, "int"); }
  | spec_quals LONG { $$ = std::move($1); add_word($$, "long"); }
  | spec_quals SIGNED { $$ = std::move($1); add_word($$, "signed"); }
  | spec_quals UNSIGNED { $$ = std::move($1); add_word($$, "unsigned"); }
  | spec_quals VOID { $$ = std::move($1); add_word($$, "void"); }
  | spec_quals STRING_KW { $$ = std::move($1); add_word($$, "string"); }
  | spec_quals FLOAT { $$ = std::move($1); add_word($$, "float"); }
  | spec_quals DOUBLE { $$ = std::move($1); add_word($$, "double"); }
  | spec_quals TNAME { $$ = std::move($1); add_word($$, $2); }
  | spec_quals struct_spec { $$ = std::move($1); add_tag($$, std::move($2)); }
  | spec_quals enum_spec { $$ = std::move($1); add_tag($$, std::move($2)); }
  | spec_quals RESTRICT { $$ = std::move($1); }
  | spec_quals CONST { $$ = std::move($1); $$.spec.is_const = true; }
  | spec_quals VOLATILE { $$ = std::move($1); $$.spec.is_volatile = true; }
  | spec_quals USERLAND { $$ = std::move($1); $$.spec.userland = true; }
  ;

struct_spec
  : STRUCT member_name { $$.tag_kind = Type::Kind::Struct; $$.tag = $2; $$.tag_loc = @2; }
  | UNION member_name { $$.tag_kind = Type::Kind::Union; $$.tag = $2; $$.tag_loc = @2; }
  | STRUCT member_name LBRACE members RBRACE {
      $$.tag_kind = Type::Kind::Struct; $$.tag = $2; $$.body = $4; $$.tag_loc = @3; }
  | UNION member_name LBRACE members RBRACE {
      $$.tag_kind = Type::Kind::Union; $$.tag = $2; $$.body = $4; $$.tag_loc = @3; }
  | STRUCT LBRACE members RBRACE {
      $$.tag_kind = Type::Kind::Struct; $$.body = $3; $$.tag_loc = @2; }
  | UNION LBRACE members RBRACE {
      $$.tag_kind = Type::Kind::Union; $$.body = $3; $$.tag_loc = @2; }
  ;

members
  : %empty { $$ = drv.ctx.make_body(); }
  | members spec_quals member_decls SEMI {
      $$ = $1;
      for (auto& [d, bits] : $3) {
        TypeName* t = mk<TypeName>(drv, d.loc.line != 0 ? d.loc : @2);
        t->spec = $2.spec;
        t->decl = d;
        $$->members.push_back({t, t->loc, bits});
      }
    }
  | members spec_quals SEMI {
      $$ = $1;
      drv.ctx.error(@3, ErrTag::D_DECL_MNAME, "member declaration requires a name");
    }
  ;

/* A member declarator, a named bit-field or an unnamed (padding) one. */
member_decls
  : member_decl { $$.push_back(std::move($1)); }
  | member_decls COMMA member_decl { $$ = std::move($1); $$.push_back(std::move($3)); }
  ;

member_decl
  : declarator { $$.first = std::move($1); }
  | declarator COLON const_expr { $$.first = std::move($1); $$.second = $3; }
  | COLON const_expr { $$.first.loc = @1; $$.second = $2; }
  ;

enum_spec
  : ENUM member_name { $$.tag_kind = Type::Kind::Enum; $$.tag = $2; }
  | ENUM member_name LBRACE enumerators RBRACE {
      $$.tag_kind = Type::Kind::Enum; $$.tag = $2; $$.body = $4; }
  | ENUM member_name LBRACE enumerators COMMA RBRACE {
      $$.tag_kind = Type::Kind::Enum; $$.tag = $2; $$.body = $4; }
  | ENUM LBRACE enumerators RBRACE { $$.tag_kind = Type::Kind::Enum; $$.body = $3; }
  | ENUM LBRACE enumerators COMMA RBRACE { $$.tag_kind = Type::Kind::Enum; $$.body = $3; }
  ;

enumerators
  : IDENT {
      $$ = drv.ctx.make_body();
      $$->enumerators.push_back({$1, nullptr, drv.lex_loc});
    }
  | IDENT ASSIGN const_expr {
      $$ = drv.ctx.make_body();
      $$->enumerators.push_back({$1, $3, drv.lex_loc});
    }
  | enumerators COMMA IDENT { $$ = $1; $$->enumerators.push_back({$3, nullptr, drv.lex_loc}); }
  | enumerators COMMA IDENT ASSIGN const_expr {
      $$ = $1; $$->enumerators.push_back({$3, $5, drv.lex_loc}); }
  ;

declarators
  : declarator { $$.push_back(std::move($1)); }
  | declarators COMMA declarator { $$ = std::move($1); $$.push_back(std::move($3)); }
  ;

pointer
  : STAR { $$ = 1; }
  | pointer STAR { $$ = $1 + 1; }
  | pointer CONST { $$ = $1; }
  | pointer VOLATILE { $$ = $1; }
  | pointer RESTRICT { $$ = $1; }
  ;

declarator
  : direct_declarator { $$ = std::move($1); }
  | pointer direct_declarator { $$ = std::move($2); innermost($$).pointers += $1; }
  ;

direct_declarator
  : IDENT { $$.name = $1; $$.loc = @1; }
  | SYMBOL {
      drv.ctx.error(@1, ErrTag::D_DECL_SCOPE, cat("D scoping operator may not be used in a declaration name (", $1, ")"));
      $$.name = $1; $$.loc = @1;
    }
  | direct_declarator array_dim { $$ = std::move($1); array_of(drv, @2, $$, std::move($2)); }
  | LPAR pointer direct_declarator RPAR LPAR opt_params RPAR {
      $$ = function_declarator(std::move($3), $2, std::move($6)); }
  | direct_declarator LPAR opt_params RPAR {
      $$ = std::move($1); $$.is_function = true; $$.func_params = std::move($3); }
  ;

array_dim
  : LBRACK RBRACK { }
  | LBRACK const_expr RBRACK { $$.size = $2; }
  | LBRACK param_list RBRACK {
      for (TypeName* t : $2) {
        $$.key_names.push_back(t->decl.name);
        $$.keys.push_back(t);
      }
    }
  ;

param_list
  : param { $$.push_back($1); }
  | param_list COMMA param { $$ = std::move($1); $$.push_back($3); }
  ;

param
  : decl_specs { $$ = make_param(drv, @1, std::move($1), {}); }
  | decl_specs declarator { $$ = make_param(drv, @1, std::move($1), std::move($2)); }
  | decl_specs abstract_decl { $$ = make_param(drv, @1, std::move($1), std::move($2)); }
  | ELLIPSIS { $$ = mk<TypeName>(drv, @1); $$->spec.words.push_back("..."); }
  ;

type_name
  : spec_quals { $$ = mk<TypeName>(drv, @1); $$->spec = std::move($1.spec); }
  | spec_quals abstract_decl {
      $$ = mk<TypeName>(drv, @1); $$->spec = std::move($1.spec); $$->decl = std::move($2); }
  ;

abstract_decl
  : pointer { $$.pointers = $1; }
  | direct_abstract { $$ = std::move($1); }
  | pointer direct_abstract { $$ = std::move($2); innermost($$).pointers += $1; }
  ;

direct_abstract
  : array_dim { $$.dims.push_back(std::move($1)); }
  | LPAR pointer RPAR LPAR opt_params RPAR { $$.fn_pointers = $2; $$.fn_params = std::move($5); }
  | LPAR pointer direct_abstract RPAR LPAR opt_params RPAR {
      $$ = function_declarator(std::move($3), $2, std::move($6)); }
  | direct_abstract array_dim { $$ = std::move($1); array_of(drv, @2, $$, std::move($2)); }
  ;

xlate_members
  : %empty { $$ = mk<Translator>(drv, Loc{}); }
  | xlate_members member_name ASSIGN expr SEMI {
      $$ = $1; $$->members.push_back({$2, $4, @2}); }
  ;

probe_decls
  : %empty { $$ = mk<ProviderDecl>(drv, Loc{}); }
  | probe_decls PROBE IDENT LPAR opt_params RPAR SEMI {
      $$ = $1; $$->probes.push_back({$3, std::move($5), {}, @2}); }
  | probe_decls PROBE IDENT LPAR opt_params RPAR COLON LPAR opt_params RPAR SEMI {
      $$ = $1; $$->probes.push_back({$3, std::move($5), std::move($9), @2}); }
  ;

opt_params
  : %empty { }
  | param_list { $$ = std::move($1); }
  ;

%%

namespace dtrace::cc::yy {

void Parser::report_syntax_error(const context& ctx) const {
  drv.syntax_error(ctx.location());
}

void Parser::error(const location_type& loc, const std::string&) {
  drv.syntax_error(loc);
}

}  // namespace dtrace::cc::yy
