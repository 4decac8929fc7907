/*
 * ASSERTION: a member of a struct declared only by name has no layout.
 */
struct later;
struct holder { int n; struct later l; };
BEGIN { exit(0); }
