/*
 * ASSERTION: two parameters of one inline cannot have the same name.
 */
inline int sum[int a, int a] = a + a;
