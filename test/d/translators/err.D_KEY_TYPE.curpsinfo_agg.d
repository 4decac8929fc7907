/*
 * ASSERTION: curpsinfo is a pointer to translated data, which has no
 * address to key on: as an aggregation key it is D_KEY_TYPE.
 */
BEGIN
{
	@a[curpsinfo] = count();
}
