/*
 * ASSERTION: args[] cannot be used outside a probe clause: an inline's
 * expression is typed once for every use, with no probe to type it.
 */
inline int64_t first = args[0];

BEGIN
{
	trace(first);
}
