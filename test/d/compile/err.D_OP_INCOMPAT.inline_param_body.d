/*
 * ASSERTION: a parameterized inline's expression is typed with its
 * parameters' types at the declaration: a string parameter does not fit
 * an int inline.
 */
inline int len[string s] = s;
