/* ASSERTION: a clause without its closing brace is a syntax error. */
BEGIN
{
	trace("x");
