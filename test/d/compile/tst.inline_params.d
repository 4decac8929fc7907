/*
 * ASSERTION: a parameterized inline is used as name[args]: each argument
 * is converted to its parameter's type, the inline's expression reads the
 * parameters, and uses nest (an inline using another, a use as another's
 * argument, in a predicate, with string and two parameters).
 */
#pragma D option quiet

inline string parity[int n] = n % 2 == 0 ? "even" : "odd";
inline int64_t scaled[int64_t v, int k] = v * k + k;
inline uint8_t low_byte[uint8_t b] = b;
inline string greet[string who] = strjoin("hello ", who);
inline string kind[int n] = n < 0 ? "negative" : parity[n];
inline int NINE = 9;

BEGIN
{
	x = 20;
	self->s = "you";
}

BEGIN
/parity[x] == "even" && scaled[x, 3] == 63/
{
	printf("%s %s %s\n", parity[3], parity[x + 1], kind[-4]);
	printf("%d %d %d\n", scaled[x, 2], scaled[scaled[1, 1], NINE], low_byte[0x1234]);
	printf("%s %s %d\n", greet[self->s], greet["world"], strlen(greet[kind[NINE]]));
	exit(0);
}
