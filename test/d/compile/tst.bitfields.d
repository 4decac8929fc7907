/*
 * ASSERTION: D lays out its bit-fields as DTrace does, not as C: each is
 * an integer of the fewest bytes that hold its bits (1, 2, 4 or 8),
 * aligned to that size, starting at the first byte after the previous
 * member; an unnamed 0-wide one is ignored and the struct ends at its last
 * member's last byte. Loads take the field's low bits, with the right
 * sign: fields read over the pid and tgid agree with masks of them.
 */
#pragma D option quiet

struct bits {
	unsigned int lo : 4;
	int mid : 4;
	unsigned int : 0;
	unsigned char c;
	unsigned short s : 3, t : 13;
};

struct word {
	unsigned int lo : 4;
	int mid : 4;
	unsigned int hi : 24;
};

struct packed {
	int a : 12;
	int b : 10;
	int c : 3;
};

BEGIN
{
	printf("%d %d %d %d\n", sizeof(struct bits), offsetof(struct bits, c),
	    sizeof(struct word), sizeof(struct packed));
	this->w = (struct word *)&curthread->pid;
	this->p = curthread->pid;
	this->g = curthread->tgid;
	printf("%d %d %d\n", this->w->lo == (this->p & 0xf),
	    this->w->mid == ((((this->p >> 8) & 0xf) ^ 8) - 8),
	    this->w->hi == (this->g & 0xffffff));
	exit(0);
}
