/*
 * ASSERTION: clause-local associative arrays are refused.
 */
BEGIN { this->a[1] = 2; }
