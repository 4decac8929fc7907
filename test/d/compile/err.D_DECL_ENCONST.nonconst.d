/*
 * ASSERTION: an enumerator needs a constant.
 */
enum e { A = timestamp };
BEGIN { }
