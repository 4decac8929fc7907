/* ASSERTION: a struct does not cast to another struct type. */
struct a {
	int x;
};
struct b {
	int x;
};
struct a v;

BEGIN
{
	trace(((struct b)v).x);
}
