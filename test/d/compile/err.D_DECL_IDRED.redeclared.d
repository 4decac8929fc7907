/*
 * ASSERTION: a variable redeclared with another type is refused.
 */
int x;
string x;
BEGIN { }
