/*
 * ASSERTION: arrays of function pointers are declared as in C, through a
 * typedef or directly (int (*tab[4])(int)), as struct members and as D
 * variables (global, thread-local, clause-local, associative), and so
 * are function pointers returning function pointers; the abstract forms
 * work in sizeof and casts. Elements are pointer-sized and hold what is
 * stored.
 */
#pragma D option quiet

typedef int (*fp_t)(int);
typedef int (*(*fpp_t)(int))(char);

struct ops {
	int (*tab[4])(int, char *);
	fp_t tab2[2];
	int (*(*nested)(int))(char);
	int *(*(*nested2[3])(long))(void);
	int x;
};

fp_t gtab[4];
int (*gtab2[3])(int, char *);
int (*atab[int])(int);
fpp_t g;
self int (*ttab[2])(int);
this fp_t ctab[2];

BEGIN
{
	printf("%d %d %d %d\n", sizeof(struct ops), offsetof(struct ops, x),
	    sizeof(((struct ops *)0)->tab), sizeof(((struct ops *)0)->nested2));
	printf("%d %d %d %d\n", sizeof(int (*[4])(int)),
	    sizeof(int (*(*[5])(int))(char)), sizeof(gtab), sizeof(gtab2));
	gtab[2] = (fp_t)`vfs_read;
	gtab2[0] = (int (*)(int, char *))`vfs_write;
	atab[7] = (int (*)(int))`vfs_read;
	g = (fpp_t)`vfs_write;
	self->ttab[1] = (fp_t)`vfs_read;
	this->ctab[0] = gtab[2];
	printf("%d %d %d %d\n", gtab[2] == (fp_t)`vfs_read, gtab[1] == 0,
	    (uintptr_t)gtab2[0] == (uintptr_t)`vfs_write,
	    (uintptr_t)atab[7] == (uintptr_t)`vfs_read);
	printf("%d %d %d\n", (uintptr_t)g == (uintptr_t)`vfs_write,
	    self->ttab[1] == (fp_t)`vfs_read, this->ctab[0] == gtab[2]);
	exit(0);
}
