/*
 * ASSERTION: aggregating in a speculative clause is refused.
 */
BEGIN { s = speculation(); speculate(s); @a = count(); }
