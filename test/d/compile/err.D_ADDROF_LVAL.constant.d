/*
 * ASSERTION: unary & needs an lvalue.
 */
BEGIN { trace(&1); }
