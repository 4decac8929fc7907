/*
 * ASSERTION: calling a built-in variable as if it were a function is
 * refused.
 */
BEGIN { trace(pid()); }
