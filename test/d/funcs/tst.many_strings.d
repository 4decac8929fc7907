/*
 * ASSERTION: a clause may make many string subroutine calls: each keeps
 * in scratch only its result's words, not a strsize area and its
 * temporaries (24 inet_ntop() and 24 strstr() here; at the default
 * scratchsize, 256, and strsize, 256, eight strsize areas fit).
 */
#pragma D option quiet

BEGIN
{
	this->a = (uint8_t *)alloca(4);
	this->a[0] = 192;
	this->a[1] = 168;
	this->a[3] = 1;
	this->s0 = inet_ntop(AF_INET, this->a);
	this->s1 = inet_ntop(AF_INET, this->a);
	this->s2 = inet_ntop(AF_INET, this->a);
	this->s3 = inet_ntop(AF_INET, this->a);
	this->s4 = inet_ntop(AF_INET, this->a);
	this->s5 = inet_ntop(AF_INET, this->a);
	this->s6 = inet_ntop(AF_INET, this->a);
	this->s7 = inet_ntop(AF_INET, this->a);
	this->s8 = inet_ntop(AF_INET, this->a);
	this->s9 = inet_ntop(AF_INET, this->a);
	this->s10 = inet_ntop(AF_INET, this->a);
	this->s11 = inet_ntop(AF_INET, this->a);
	this->s12 = inet_ntop(AF_INET, this->a);
	this->s13 = inet_ntop(AF_INET, this->a);
	this->s14 = inet_ntop(AF_INET, this->a);
	this->s15 = inet_ntop(AF_INET, this->a);
	this->s16 = inet_ntop(AF_INET, this->a);
	this->s17 = inet_ntop(AF_INET, this->a);
	this->s18 = inet_ntop(AF_INET, this->a);
	this->s19 = inet_ntop(AF_INET, this->a);
	this->s20 = inet_ntop(AF_INET, this->a);
	this->s21 = inet_ntop(AF_INET, this->a);
	this->s22 = inet_ntop(AF_INET, this->a);
	this->s23 = inet_ntop(AF_INET, this->a);
	this->t0 = strstr("a haystack with a needle in it", "needle");
	this->t1 = strstr("a haystack with a needle in it", "needle");
	this->t2 = strstr("a haystack with a needle in it", "needle");
	this->t3 = strstr("a haystack with a needle in it", "needle");
	this->t4 = strstr("a haystack with a needle in it", "needle");
	this->t5 = strstr("a haystack with a needle in it", "needle");
	this->t6 = strstr("a haystack with a needle in it", "needle");
	this->t7 = strstr("a haystack with a needle in it", "needle");
	this->t8 = strstr("a haystack with a needle in it", "needle");
	this->t9 = strstr("a haystack with a needle in it", "needle");
	this->t10 = strstr("a haystack with a needle in it", "needle");
	this->t11 = strstr("a haystack with a needle in it", "needle");
	this->t12 = strstr("a haystack with a needle in it", "needle");
	this->t13 = strstr("a haystack with a needle in it", "needle");
	this->t14 = strstr("a haystack with a needle in it", "needle");
	this->t15 = strstr("a haystack with a needle in it", "needle");
	this->t16 = strstr("a haystack with a needle in it", "needle");
	this->t17 = strstr("a haystack with a needle in it", "needle");
	this->t18 = strstr("a haystack with a needle in it", "needle");
	this->t19 = strstr("a haystack with a needle in it", "needle");
	this->t20 = strstr("a haystack with a needle in it", "needle");
	this->t21 = strstr("a haystack with a needle in it", "needle");
	this->t22 = strstr("a haystack with a needle in it", "needle");
	this->t23 = strstr("a haystack with a needle in it", "needle");
	printf("%s %s %s %s\n", this->s0, this->s23, this->t0, this->t23);
	exit(0);
}
