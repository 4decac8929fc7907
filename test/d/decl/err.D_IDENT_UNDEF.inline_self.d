/*
 * ASSERTION: an inline is not in scope in its own definition: naming it
 * there is an undefined identifier, not endless recursion.
 */
inline int foo = foo + 3;
BEGIN { trace(foo); }
