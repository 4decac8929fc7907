/*
 * ASSERTION: an inline cannot take a subroutine's name.
 */
inline int rand = 7;
BEGIN { exit(0); }
