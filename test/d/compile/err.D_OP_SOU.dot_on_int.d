/*
 * ASSERTION: . on an integer is refused.
 */
BEGIN { x = 1; trace(x.a); }
