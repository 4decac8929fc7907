/*
 * ASSERTION: ! on a string is refused.
 */
BEGIN { trace(!"abc"); }
