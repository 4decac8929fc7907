/*
 * ASSERTION: #pragma D option knodefs rules the script it is in: an
 * unresolved kernel symbol gets past resolution (D_SYM_NOTYPES for its
 * missing type, not D_IDENT_UNDEF), as with -x knodefs.
 */
#pragma D option knodefs

BEGIN { trace(`dtrace_no_such_symbol_xyzzy); }
