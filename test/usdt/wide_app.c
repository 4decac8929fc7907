/*
 * USDT probes past the six argument registers (wideapp.d): wide_app [N]
 * fires wideapp:::eight and wideapp:::twelve N times (default 1). The
 * values of iteration i depend on i, so that the compiler keeps them in
 * registers, except the constants 7 and -10, which it may push as
 * immediates; the strings are written by the program first (copyinstr
 * does not fault in a page the program never touched).
 */
#include <stdio.h>
#include <stdlib.h>

#include "wideapp.h"

static void fire(long i)
{
	char s4[32], s7[32], s8[32], s11[32];

	snprintf(s4, sizeof(s4), "four%ld", i);
	snprintf(s7, sizeof(s7), "seven%ld", i);
	snprintf(s8, sizeof(s8), "eight%ld", i);
	snprintf(s11, sizeof(s11), "eleven%ld", i);
	WIDEAPP_EIGHT(-1 - (int)i, 2 + (unsigned int)i, 3000000000u, -4 - i, s4,
		      (unsigned char)(i + 1), 7000000000LL + i, s7);
	WIDEAPP_TWELVE(1 + (int)i, 2, 3, 4, 5, 6 + (int)i, 7, -8 - (int)i, s8,
		       -10, 100000000000L + i, s11);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;

	for (long i = 0; i < n; i++)
		fire(i);
	return 0;
}
