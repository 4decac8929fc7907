/*
 * ASSERTION: pragmas are no part of the program: one with nothing else
 * is empty (use -x empty to allow it).
 */
#pragma D option quiet
