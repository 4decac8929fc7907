dtrace: failed to compile script p1.d: [D_DECL_ARRBIG] line 1: array dimension too big
exit 1
dtrace: failed to compile script p2.d: [D_DECL_ARRNULL] line 1: array declaration requires array dimension or tuple signature: a
exit 1
dtrace: failed to compile script p3.d: [D_OP_INCOMPAT] line 1: operands have incompatible types: "int" = "string"
exit 1
dtrace: failed to compile script p4.d: [D_OP_INCOMPAT] line 1: inline i definition uses incompatible types: "int" = "string"
exit 1
dtrace: failed to compile script p5.d: [D_DECL_BFSIZE] line 1: bit-field too big for type: c
exit 1
dtrace: failed to compile script p6.d: [D_DECL_PROTO_VARARGS] line 1: array prototype may not use a variable-length argument list
exit 1
dtrace: failed to compile script p7.d: [D_DECL_IDRED] line 1: identifier redefined: foo
	 current: inline definition
	previous: scalar inline
exit 1
dtrace: failed to compile script p8.d: [D_DECL_IDRED] line 1: identifier redefined: rand
	 current: inline definition
	previous: function 
exit 1
dtrace: failed to compile script p9.d: [D_INT_DIGIT] line 1: constant 0128 contains invalid digit 8
exit 1
dtrace: failed to compile script p10.d: [D_INT_OFLOW] line 1: constant 0x12345678123456781 results in integer overflow
exit 1
dtrace: failed to compile script p11.d: [D_OP_SOU] line 1: operator . cannot be applied to type "struct s *"; must be applied to a struct or union
exit 1
dtrace: failed to compile script p12.d: [D_OP_SOU] line 1: operator -> cannot be applied to pointer to type "int"; must be applied to a struct or union pointer
exit 1
dtrace: failed to compile script p13.d: [D_PRAGERR] line 1: #error: this is an error message 
exit 1
dtrace: failed to compile script p14.d: [D_PRAGMA_OPTSET] line 1: failed to set option 'nspec' to '245566729809009887663': Invalid value for specified option
exit 1
dtrace: failed to compile script p15.d: [D_STACK_PROTO] line 1: stack( ) prototype mismatch: too many arguments
exit 1
dtrace: failed to compile script p16.d: [D_STACK_SIZE] line 1: stack( ) size must be a non-zero positive integral constant expression
exit 1
dtrace: failed to compile script p17.d: [D_USTACK_FRAMES] line 1: ustack( ) argument #1 must be a non-zero positive integer constant
exit 1
dtrace: failed to compile script p18.d: [D_USTACK_STRSIZE] line 1: ustack( ) argument #2 must be a positive integer constant
exit 1
dtrace: failed to compile script p19.d: [D_USTACK_PROTO] line 1: ustack( ) prototype mismatch: too many arguments
exit 1
dtrace: failed to compile script p20.d: [D_TRACEMEM_SIZE] line 1: tracemem( ) argument #2 must be a non-zero positive integral constant expression
exit 1
dtrace: failed to compile script p21.d: [D_XLATE_NONE] line 1: cannot translate from "struct in *" to "struct out"
exit 1
dtrace: failed to compile script p22.d: [D_XLATE_SOU] line 1: translator output type must be a struct or union
exit 1
dtrace: failed to compile script p23.d: [D_XLATE_SOU] line 1: incomplete struct/union/enum struct fwd
exit 1
dtrace: failed to compile script p24.d: [D_DECL_ENCONST] line 1: enumerator 'TAG' must be assigned to an integral constant expression
exit 1
dtrace: failed to compile script p25.d: [D_DECL_ENOFLOW] line 1: enumerator 'toobig' value overflows INT_MAX (2147483647)
exit 1
dtrace: failed to compile script p26.d: [D_DECL_SCOPE] line 1: D scoping operator may not be used in a declaration name (`xyz)
exit 1
dtrace: failed to compile script p27.d: [D_CAST_INVAL] line 1: invalid cast expression: "pointer to translated data" to "uintptr_t"
exit 1
dtrace: failed to compile script p28.d: [D_XLATE_INCOMPAT] line 1: translator member p definition uses incompatible types: "char *" = "char"
exit 1
dtrace: failed to compile script p29.d: [D_KEY_TYPE] line 1: pointer to translated data expression may not be used as aggregation index: key #1
exit 1
dtrace: failed to compile script p30.d: [D_TRACEMEM_ADDR] line 1: tracemem( ) argument #1 is incompatible with prototype:
	prototype: pointer or integer
	 argument: struct task_struct
exit 1
