/*
 * ASSERTION: printa() of an aggregation that was never defined is
 * refused.
 */
BEGIN { printa(@never); }
