/*
 * ASSERTION: a malformed option pragma is refused.
 */
#pragma D option
BEGIN { }
