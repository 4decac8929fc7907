/*
 * ASSERTION: assigning a void expression to a variable is refused.
 */
BEGIN { x = (void)1; }
