/*
 * ASSERTION: an array type larger than 4 GiB is refused.
 */
typedef long huge_t[0x80000000];
