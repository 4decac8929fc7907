/*
 * ASSERTION: tick-1s first fires about a second after the enabling,
 * and a tick probe named with any unit (here 200ms) is created on
 * demand; tick-1s fires once while tick-200ms fires several times.
 */
#pragma D option quiet

BEGIN
{
	start = timestamp;
}

tick-200ms
{
	fast++;
}

tick-1s
{
	printf("waited: %d\n", timestamp - start >= 800000000);
	printf("fast fired more: %d\n", fast >= 3);
	exit(0);
}
