/*
 * ASSERTION: printa() prints stack keys with %k.
 */
BEGIN { @[stack(), ustack()] = count(); printa("%k %k %@d\n", @); exit(0); }
