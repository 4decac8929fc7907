/*
 * ASSERTION: the result of xlate<T *>() points to data that exists only
 * translated, member by member: casting it is D_CAST_INVAL.
 */
struct in { int ii; };
struct out { int oi; };

translator struct out < struct in *i > { oi = i->ii; };

struct in *f;

BEGIN
{
	addr = (uintptr_t)xlate<struct out *>(f);
}
