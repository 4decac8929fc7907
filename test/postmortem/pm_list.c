// A process for the core tests (dtrace_core.sh): a linked list of its
// arguments' strings, and a last node whose name is a literal (.rodata,
// which a kernel dump leaves in the file), then a store through a bad
// pointer in crash_here(). It prints its pid and &head first.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct node {
	struct node *next;
	const char *name;
	int value;
};

struct node *head;

__attribute__((noinline)) void crash_here(volatile int *p)
{
	*p = 1;
}

int main(int argc, char **argv)
{
	static struct node last = { NULL, "rodata-name", 100 };
	struct node **tail = &head;

	for (int i = 1; i < argc; i++) {
		struct node *n = calloc(1, sizeof(*n));

		n->name = argv[i];
		n->value = i;
		*tail = n;
		tail = &n->next;
	}
	*tail = &last;
	printf("%d %p\n", (int)getpid(), (void *)&head);
	fflush(stdout);
	crash_here((volatile int *)0x10);
	return 0;
}
