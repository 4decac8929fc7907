/*
 * ASSERTION: #pragma D option amin sets the least stable attributes the
 * program may use; a syscall function name (Unstable) is below
 * Evolving.
 */
#pragma D option amin=Evolving

syscall::read:entry { }
