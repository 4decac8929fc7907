/*
 * ASSERTION: a non-integer inline defined by itself is an undefined
 * identifier too.
 */
inline string s = s;
BEGIN { trace(s); }
