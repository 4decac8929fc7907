/*
 * ASSERTION: a translator's member expression cannot use args[]: it is
 * typed once, outside any probe clause.
 */
typedef struct one { int64_t v; } one_t;

translator one_t < int x > { v = x + args[0]; };

BEGIN
{
	trace(xlate <one_t *> (1)->v);
}
