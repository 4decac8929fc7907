/*
 * ASSERTION: exit() in a speculative clause is refused.
 */
BEGIN { s = speculation(); speculate(s); exit(0); }
