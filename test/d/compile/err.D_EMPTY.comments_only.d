/*
 * ASSERTION: a program with no clause or declaration is an empty
 * translation unit and is refused.
 */
// nothing here
