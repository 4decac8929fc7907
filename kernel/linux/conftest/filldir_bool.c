/* 6.1+: a dir_context actor returns bool (true: go on), not int (0: go on). */
#include <linux/fs.h>

struct dir_context *conftest(void);

static bool actor(struct dir_context *ctx, const char *name, int len,
		  loff_t off, u64 ino, unsigned int type)
{
	return true;
}

static struct dir_context ctx = { .actor = actor };

struct dir_context *conftest(void)
{
	return &ctx;
}
