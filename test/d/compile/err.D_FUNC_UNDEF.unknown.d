/*
 * ASSERTION: calling a name that is no function, action or subroutine
 * is refused.
 */
BEGIN { no_such_function(1); }
