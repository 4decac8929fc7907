/*
 * ASSERTION: an inline cannot take a built-in variable's name.
 */
inline int pid = 7;
BEGIN { exit(0); }
