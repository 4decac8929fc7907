/*
 * ASSERTION: a string is its characters: s[i] reads the i-th (global,
 * self->, this-> and a string expression's value), the NUL past its end
 * reads 0, and an index past strsize faults instead of reaching the
 * memory beside the string.
 */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	s = "hello";
	self->t = strjoin(s, "!");
	this->u = "xyz";
	printf("%c %c %c %c %d\n", s[0], s[strlen(s) - 1], self->t[5], this->u[1], s[5]);
	i = 15;
	printf("last %d\n", s[i]);
}

BEGIN
{
	i = 16;
	printf("past %d\n", s[i]);
}

BEGIN
{
	printf("after %s\n", s);
	exit(0);
}
