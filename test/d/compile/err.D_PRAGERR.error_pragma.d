/*
 * ASSERTION: #pragma D error stops the compile.
 */
#pragma D error "stop here"
BEGIN { }
