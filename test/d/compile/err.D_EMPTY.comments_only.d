/*
 * ASSERTION: a program with no clause, declaration or pragma is an empty
 * translation unit and is refused.
 */
// nothing here
