/*
 * ASSERTION: int and string in one declaration are refused.
 */
int string x;
