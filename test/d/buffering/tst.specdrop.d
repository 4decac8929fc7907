/*
 * ASSERTION: -x specsize bounds the speculative buffer: data that does not
 * fit is dropped and reported as a speculative drop ([DTRACEDROP_SPEC]
 * under droptags); what was committed before still prints.
 */
#pragma D option quiet
#pragma D option droptags
#pragma D option specsize=64
#pragma D option strsize=128

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("%d\n", 42);
}

BEGIN
{
	speculate(s);
	printf("%s\n", "this string needs the whole 128-byte record and cannot fit");
}

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}
