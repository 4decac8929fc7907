/*
 * ASSERTION: function pointers are declared as in C: struct members,
 * typedefs and variables, with parameter lists (named, unnamed, void);
 * each is pointer-sized.
 */
#pragma D option quiet

typedef int (*handler_t)(int, char *);

struct ops {
	int (*open)(int flags, const char *path);
	void (*done)(void);
	handler_t handle;
	int x;
};

struct ops *ops;
handler_t h;

BEGIN
{
	printf("%d %d %d\n", sizeof(struct ops), offsetof(struct ops, x), sizeof(h));
	printf("%d %d\n", h == 0, ops == 0);
	printf("%d %d\n", sizeof(int (*)(int)), (int (*)(void))0 == 0);
	exit(0);
}
