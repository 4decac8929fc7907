/*
 * ASSERTION: only the constant 0 (NULL) stands for a string argument;
 * another integer is refused.
 */
BEGIN { trace(strtok(1, ",")); }
