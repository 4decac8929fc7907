/*
 * ASSERTION: two speculate()s in one clause are refused.
 */
BEGIN { s = speculation(); speculate(s); speculate(s); }
