/*
 * ASSERTION: an associative array key type with a storage class is
 * refused.
 */
int counts[self int];
