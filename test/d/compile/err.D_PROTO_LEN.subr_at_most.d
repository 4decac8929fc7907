/*
 * ASSERTION: A subroutine given too many arguments names its limit with 'at most'.
 */
BEGIN { trace(substr("a", 1, 2, 3)); }
