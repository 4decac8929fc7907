/*
 * ASSERTION: records that do not fit the principal buffer are counted and
 * reported as "N drops on CPU c" ([DTRACEDROP_PRINCIPAL] under droptags).
 * Each firing below takes 16 + 2048 bytes: one of three fits in 4k.
 */
#pragma D option quiet
#pragma D option droptags
#pragma D option bufsize=4k
#pragma D option strsize=2048

BEGIN { trace(""); }
BEGIN { trace(""); }
BEGIN { trace(""); }
tick-1s { exit(0); }
