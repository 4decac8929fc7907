/*
 * ASSERTION: enumerators share one name space: a second enum cannot
 * define a name the first defined.
 */
enum colors { RED, GREEN };
enum shades { DARK, RED };
BEGIN { exit(0); }
