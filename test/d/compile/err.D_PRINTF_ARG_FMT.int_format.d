/*
 * ASSERTION: printf() needs a string format.
 */
BEGIN { printf(1); }
