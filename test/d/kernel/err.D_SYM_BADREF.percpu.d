/*
 * ASSERTION: a per-CPU variable's symbol is an offset into each CPU's
 * area, not an address: referencing it is D_SYM_BADREF.
 */
BEGIN { trace(vmlinux`runqueues); }
