/*
 * ASSERTION: only a D library may depend on a library, not the program.
 */
#pragma D depends_on library ip.d
BEGIN { exit(0); }
