/*
 * ASSERTION: an enumerator named twice in one enum is refused.
 */
enum e { A, B, A = 4 };
BEGIN { exit(0); }
