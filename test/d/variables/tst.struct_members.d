/*
 * ASSERTION: members of D variables of struct type are stored in place:
 * associative array elements (created zero-filled by the first store),
 * globals, self-> and this-> variables; compound assignments, ++, array
 * members and bit-fields; an element never stored reads as zeros.
 */
#pragma D option quiet

struct callinfo {
	uint64_t ts;
	uint64_t calls;
	int	 flag : 3;
	unsigned int bits : 5;
	int	 hist[4];
};

struct callinfo i[string];
struct callinfo g;
self struct callinfo s;
this struct callinfo c;

BEGIN
{
	i["read"].calls++;
	i["read"].calls += 2;
	i["read"].ts = 7;
	i["read"].hist[2] = 40;
	i["read"].hist[2]++;
	i["write"].flag = -2;
	i["write"].bits = 21;
	i["write"].bits += 3;
	g.ts = 5;
	g.calls = g.ts * 2;
	self->s.calls = 11;
	this->c.ts = 12;
	this->c.calls = this->c.ts + 1;
	printf("read: ts %d calls %d hist[2] %d\n", i["read"].ts, i["read"].calls,
	    i["read"].hist[2]);
	printf("write: flag %d bits %d calls %d\n", i["write"].flag,
	    i["write"].bits, i["write"].calls);
	printf("absent: calls %d hist[3] %d\n", i["none"].calls, i["none"].hist[3]);
	printf("global: %d %d\n", g.ts, g.calls);
	printf("local: %d %d\n", this->c.ts, this->c.calls);
}

BEGIN
{
	/* values persist across clauses; a whole struct copies */
	i["copy"] = i["read"];
	i["copy"].calls = 100;
	printf("copy: ts %d calls %d; read calls %d\n", i["copy"].ts,
	    i["copy"].calls, i["read"].calls);
	printf("self: %d\n", self->s.calls);
	exit(0);
}
