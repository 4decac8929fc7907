/*
 * ASSERTION: printa() of a stack() key with %p, not %k, is refused.
 */
BEGIN { @[stack()] = count(); printa("%p %@d\n", @); }
