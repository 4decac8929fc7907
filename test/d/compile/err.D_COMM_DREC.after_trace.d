/*
 * ASSERTION: commit() after data recording is refused.
 */
BEGIN { s = speculation(); trace(1); commit(s); }
