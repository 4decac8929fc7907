/*
 * ASSERTION: depends_on's class is library, provider or module.
 */
#pragma D depends_on gadget thing
BEGIN { exit(0); }
