/*
 * ASSERTION: when the dynamic variable space is full, a store that needs
 * a new element is dropped (the element reads 0) and tracing continues.
 * With integer keys and values an element takes 64 bytes here.
 */
#pragma D option quiet
#pragma D option dynvarsize=128

BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	a[1] = 4;
	printf("%d %d %d\n", a[1], a[2], a[3]);
	exit(0);
}
