/*
 * ASSERTION: calling a variable as if it were a function is refused.
 */
BEGIN { x = 1; x(2); }
