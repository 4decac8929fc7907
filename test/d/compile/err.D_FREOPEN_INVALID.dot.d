/* @@runtest-opts: -w */
/*
 * ASSERTION: freopen(".") is refused: "." is not a file name a script
 * may give (freopen("") returns to the first output).
 */
BEGIN
{
	freopen(".");
}
