/*
 * ASSERTION: #pragma D option naming an unknown option is refused.
 */
#pragma D option no_such_option=1
BEGIN { exit(0); }
