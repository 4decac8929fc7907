/*
 * ASSERTION: printa() of a ustack() key with %s is refused.
 */
BEGIN { @[ustack(), 1] = count(); printa("%s %d %@d\n", @); }
