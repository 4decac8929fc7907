/*
 * ASSERTION: assignment to a read-only built-in is refused.
 */
BEGIN { pid = 1; }
