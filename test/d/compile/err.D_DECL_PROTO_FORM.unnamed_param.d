/*
 * ASSERTION: an inline parameter without a name is refused.
 */
inline int twice[int] = 2;
