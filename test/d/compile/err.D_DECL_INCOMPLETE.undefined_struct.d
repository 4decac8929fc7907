/*
 * ASSERTION: a variable of a struct type that is declared nowhere (not in
 * D, not in the kernel) is refused.
 */
struct d_test_no_such_struct v;
