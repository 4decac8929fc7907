dtrace: failed to compile script p1.d: [D_OP_INT] line 4: operator | requires operands of integral type
exit 1
dtrace: failed to compile script p2.d: [D_OP_INCOMPAT] line 5: operator - requires operands of arithmetic or pointer type
exit 1
dtrace: failed to compile script p3.d: [D_DECL_ENOFLOW] line 4: enumerator 'green' value overflows INT_MAX (2147483647)
exit 1
dtrace: failed to compile script p4.d: [D_DECL_ENCONST] line 3: enumerator 'dark' must be assigned to an integral constant expression
exit 1
dtrace: failed to compile script p5.d: [D_DECL_COMBO] line 5: invalid type combination
exit 1
dtrace: failed to compile script p6.d: [D_DECL_COMBO] line 4: invalid type combination
exit 1
dtrace: failed to compile script p7.d: [D_DECL_COMBO] line 5: invalid type combination
exit 1
dtrace: failed to compile script p8.d: [D_DECL_LONGINT] line 2: invalid type declaration: long and long long may only be used with integer or floating-point type
exit 1
dtrace: failed to compile script p9.d: [D_XLATE_INCOMPAT] line 10: translator member s definition uses incompatible types: "char *" = "int"
exit 1
dtrace: failed to compile script p10.d: [D_XLATE_SOU] line 7: translator output type must be a struct or union
exit 1
dtrace: failed to compile script p11.d: [D_PRED_SCALAR] line 8: predicate result must be of scalar type
exit 1
