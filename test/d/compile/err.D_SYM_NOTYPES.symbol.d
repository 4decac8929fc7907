/*
 * ASSERTION: a kernel symbol BTF gives no type (_stext, a label of the
 * kernel's text) is D_SYM_NOTYPES, as DTrace reports a symbol without CTF.
 */
BEGIN { trace(`_stext); }
