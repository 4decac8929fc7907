/*
 * ASSERTION: a destructive action after speculate() is refused.
 */
#pragma D option destructive
BEGIN { speculate(1); raise(9); }
