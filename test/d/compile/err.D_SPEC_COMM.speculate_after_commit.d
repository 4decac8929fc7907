/*
 * ASSERTION: speculate() after commit() is refused.
 */
BEGIN { s = speculation(); commit(s); speculate(s); }
