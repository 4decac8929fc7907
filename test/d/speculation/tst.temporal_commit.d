/*
 * ASSERTION: with -x temporal, a committed speculation's output comes
 * where the commit puts it: after what was recorded between speculate()
 * and commit(), also when another CPU's buffer holds the speculative
 * data and the cleaner copies it out later.
 */
#pragma D option quiet
#pragma D option temporal

BEGIN
{
	s = speculation();
	step = 0;
}

profile-97
/cpu == 1 && step == 0/
{
	speculate(s);
	printf("speculated on cpu 1\n");
}

profile-97
/cpu == 1 && step == 0/
{
	step = 1;
}

profile-97
/cpu == 0 && step == 1/
{
	printf("recorded on cpu 0\n");
	step = 2;
}

profile-97
/cpu == 0 && step == 2 && n++ > 0/
{
	commit(s);
	step = 3;
}

tick-300ms
/step == 3/
{
	exit(0);
}
