/*
 * ASSERTION: tracemem() sizes beyond the limit are refused.
 */
BEGIN { tracemem(arg0, 100000000); }
