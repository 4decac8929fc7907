/*
 * ASSERTION: stringof() of a struct is refused.
 */
BEGIN { trace(stringof(curthread->se)); }
