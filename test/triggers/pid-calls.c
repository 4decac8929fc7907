/* Calls a few functions a known number of times with known arguments,
 * then exits: the target of the dtrace -c tests in test/d/pid/. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int add_args(int a, int b)
{
	return a + b;
}

int leaf(int x)
{
	return x * 2;
}
int middle(int x)
{
	return leaf(x) + 1; /* @@line middle */
}
int top(int x)
{
	return middle(x) + 1; /* @@line top */
}

int main(void)
{
	int sum = 0;

	for (int i = 1; i <= 3; i++) {
		sum += add_args(i, 10 * i);
		char *p = malloc(1000 + i);
		memset(p, 0, 16);
		free(p);
		sum += getpid() > 0;
	}
	sum += top(5); /* @@line main */
	return sum == 66 + 3 + 12 ? 0 : 1;
}
