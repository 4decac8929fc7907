/*
 * ASSERTION: a tracing function called inside an expression is refused.
 */
BEGIN { x = 1 + trace(1); }
