/*
 * ASSERTION: an unknown #pragma D directive is refused.
 */
#pragma D no_such_directive
BEGIN { exit(0); }
