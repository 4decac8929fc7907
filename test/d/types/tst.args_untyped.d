/*
 * ASSERTION: probes that describe no arguments keep args[n] an untyped
 * int64_t, as arg0..arg9, with any index.
 */
BEGIN
{
	i = 1;
	x = args[0] + args[i];
	exit(0);
}
