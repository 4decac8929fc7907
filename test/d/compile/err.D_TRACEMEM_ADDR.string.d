/*
 * ASSERTION: tracemem() needs an address.
 */
BEGIN { tracemem("abc", 10); }
