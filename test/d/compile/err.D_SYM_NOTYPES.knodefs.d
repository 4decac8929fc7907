/*
 * ASSERTION: with -x knodefs an unresolved kernel symbol gets past
 * resolution (address 0), but it still needs a type: one BTF does not
 * know is D_SYM_NOTYPES instead of D_IDENT_UNDEF.
 *
 * @@runtest-opts: -xknodefs
 */
BEGIN { trace(`dtrace_no_such_symbol_xyzzy); }
