// Translators (DTrace's `translator` declarations and `xlate` operator).
// A translator declaration is checked in the decl pass: its output must
// be a struct or union and each member it assigns one of the output's;
// its member expressions are typed with the argument name bound to the
// input type, at the declaration for a program's own translators and at
// first use for D library ones (so loading the library stays cheap).
// A member of a translated value compiles the translator's expression
// for that member only (typecheck: ast::Member::xlate_value).
#pragma once

#include "cc/context.h"

namespace dtrace::cc {

// Declares a translator (decl pass); false after reporting an error.
bool declare_translator(CompileContext& ctx, ast::Translator* t);

// The translator producing `out` from a value of type `from`, its members
// typed; null after reporting `none` (D_XLATE_NONE; D_ARGS_XLATOR for
// args[]) or a member's error.
TranslatorInfo* find_translator(CompileContext& ctx, const Type* out, const Type* from, Loc loc,
                                ErrTag none = ErrTag::D_XLATE_NONE);

// Whether an xlate operator's target type may be translated to: a struct
// or union, or a pointer to one.
const Type* xlate_output(const Type* to);

}  // namespace dtrace::cc
