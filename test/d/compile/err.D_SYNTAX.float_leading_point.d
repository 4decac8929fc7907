/*
 * ASSERTION: floating-point constants (a leading point) are not
 * permitted.
 */
BEGIN { x = .5; }
