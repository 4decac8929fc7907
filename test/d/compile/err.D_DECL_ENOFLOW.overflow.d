/*
 * ASSERTION: an enumerator beyond INT_MAX is refused.
 */
enum e { A = 0x7fffffff, B };
BEGIN { }
