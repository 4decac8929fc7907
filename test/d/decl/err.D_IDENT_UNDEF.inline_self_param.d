/*
 * ASSERTION: a parameterized inline cannot call itself.
 */
inline int fact[int n] = n <= 1 ? 1 : n * fact[n - 1];
BEGIN { trace(fact[3]); }
