/*
 * ASSERTION: stack() frame counts beyond the limit are refused.
 */
BEGIN { stack(100000); }
