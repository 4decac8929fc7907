/*
 * ASSERTION: & of an untyped kernel symbol is refused too (DTrace types a
 * symbol before it looks at the operator), so no cast can reach its memory.
 */
BEGIN { trace(*(unsigned long *)&vmlinux`_stext); }
