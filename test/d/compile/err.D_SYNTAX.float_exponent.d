/*
 * ASSERTION: floating-point constants (an exponent without a point) are
 * not permitted.
 */
BEGIN { x = 1e5; }
