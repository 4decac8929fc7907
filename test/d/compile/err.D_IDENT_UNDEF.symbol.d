/*
 * ASSERTION: a kernel symbol the symbol table lacks is D_IDENT_UNDEF
 * ("Unknown symbol name").
 */
BEGIN { trace(`dtrace_no_such_symbol_xyzzy); }
