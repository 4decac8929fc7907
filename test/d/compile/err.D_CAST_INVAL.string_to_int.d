/*
 * ASSERTION: a string cannot be cast to an integer.
 */
BEGIN { trace((int)"abc"); }
