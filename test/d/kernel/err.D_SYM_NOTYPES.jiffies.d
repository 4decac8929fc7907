/*
 * ASSERTION: a kernel variable BTF does not describe (Debian's BTF has
 * variables only for per-CPU data) is D_SYM_NOTYPES, as in DTrace for a
 * symbol without CTF; & of it too, so no cast reaches its memory.
 */
BEGIN { trace(*(unsigned long *)&`jiffies); }
