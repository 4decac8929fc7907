/*
 * ASSERTION: printa() reads its format as printf() does: `*` widths
 * take keys, %wc and flags after the width print, '?' pads a value.
 */
#pragma D option quiet

BEGIN
{
	@a[6, "x", 65] = sum(7);
	printa("[%*s] [%wc] [%@3-d]\n", @a);
	printa("[%?@x]\n", @a);
	exit(0);
}
