/*
 * ASSERTION: an extern declaration may leave an array's outermost
 * dimension open (the object is defined elsewhere), also beside sized
 * ones; a D variable may not (err.D_DECL_ARRNULL.open_array.d).
 */
#pragma D option quiet

extern int open1[];
extern int open2[][4], sized[3][5];

BEGIN
{
	printf("compiled\n");
	exit(0);
}
