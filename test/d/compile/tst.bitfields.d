/*
 * ASSERTION: D bit-fields follow the C layout (packed into units of their
 * type, a zero-width one moves to the next unit, sizeof and offsetof of
 * the struct and its ordinary members) and load with the right shift,
 * mask and sign: fields read over the pid agree with masks of the pid.
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

BEGIN
{
	printf("%d %d %d\n", sizeof(struct bits), offsetof(struct bits, c), sizeof(struct word));
	this->w = (struct word *)&curthread->pid;
	this->p = curthread->pid;
	printf("%d %d %d\n", this->w->lo == (this->p & 0xf),
	    this->w->mid == ((((this->p >> 4) & 0xf) ^ 8) - 8),
	    this->w->hi == ((this->p >> 8) & 0xffffff));
	exit(0);
}
