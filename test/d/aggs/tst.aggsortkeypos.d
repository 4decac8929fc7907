/*
 * ASSERTION: aggsortkeypos=1 with aggsortkey and aggsortrev sorts by the
 * second key first (unsigned, as DTrace compares integer keys), then the
 * first, descending.
 */
#pragma D option quiet
#pragma D option aggsortkey
#pragma D option aggsortkeypos=1
#pragma D option aggsortrev

BEGIN
{
	@["dog", (char)-1] = sum(-111);
	@["dog", (char)-2] = sum(-222);
	@["cat", (char)-1] = sum(-1);
	@["bear", (char)-1] = sum(-11);
	exit(0);
}
