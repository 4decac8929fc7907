/*
 * ASSERTION: two commit()s in one clause are refused.
 */
BEGIN { s = speculation(); commit(s); commit(s); }
