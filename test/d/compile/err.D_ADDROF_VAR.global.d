/*
 * ASSERTION: unary & cannot take a D variable's address.
 */
BEGIN { x = 1; trace(&x); }
