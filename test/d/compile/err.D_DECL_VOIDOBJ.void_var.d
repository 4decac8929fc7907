/*
 * ASSERTION: a void variable is refused.
 */
void x;
BEGIN { }
