/*
 * ASSERTION: a tracemem() dynamic size that is not an integer is refused.
 */
BEGIN { tracemem(curthread, 16, "eight"); }
