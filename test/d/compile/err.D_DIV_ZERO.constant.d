/*
 * ASSERTION: division of constants by zero is refused.
 */
BEGIN { trace(1 / 0); }
