/* ASSERTION: END fires after exit() and its records are printed. */
#pragma D option quiet

BEGIN
{
	n = 7;
	exit(0);
}

END
{
	printf("end %d\n", n);
}
