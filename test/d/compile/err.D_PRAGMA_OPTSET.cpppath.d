/*
 * ASSERTION: the preprocessor's settings are fixed before a program is
 * read, so a program may not set them: "Option cannot be used from within
 * a D program".
 */
#pragma D option cpppath=/bin/false

BEGIN { exit(0); }
