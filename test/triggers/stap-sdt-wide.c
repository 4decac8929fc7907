/* Probes of 8 and 12 arguments made with SystemTap's <sys/sdt.h>: the
 * target of test/d/usdt/tst.stapsdt_wide.sh. Built at -O0, the notes'
 * operands are registers and frame slots (disp(%rbp)), which the
 * stapsdt reader turns into the probes' argument locations. eight and
 * twelve fire twice, with values from the iteration i and strings the
 * program wrote first. */
#include <stdio.h>
#include <sys/sdt.h>

int main(void)
{
	char s[2][32];

	for (int i = 0; i < 2; i++) {
		long big = 7000000000L + i;
		short neg = (short)(-4 - i);
		unsigned char u = (unsigned char)(200 + i);

		snprintf(s[0], sizeof(s[0]), "seven%d", i);
		snprintf(s[1], sizeof(s[1]), "eleven%d", i);
		STAP_PROBE8(trig, eight, -1 - i, 2, 3, neg, 5 + i, u, big,
			    s[0]);
		STAP_PROBE12(trig, twelve, i, 2, 3, 4, 5, 6, 7 + i, neg, big,
			     10, u, s[1]);
	}
	return 0;
}
