/*
 * ASSERTION: speculate() after data recording is refused.
 */
BEGIN { trace(1); speculate(1); }
