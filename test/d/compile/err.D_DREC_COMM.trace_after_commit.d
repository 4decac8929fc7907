/*
 * ASSERTION: data recording after commit() is refused.
 */
BEGIN { s = speculation(); commit(s); trace(1); }
