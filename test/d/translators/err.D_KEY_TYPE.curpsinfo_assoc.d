/*
 * ASSERTION: curpsinfo is a pointer to translated data, which has no
 * address to key on: as an associative array key it is D_KEY_TYPE.
 */
BEGIN
{
	a[curpsinfo] = 1;
}
