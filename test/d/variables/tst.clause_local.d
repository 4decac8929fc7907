/* ASSERTION: this-> variables live for one clause. */
#pragma D option quiet

BEGIN
{
	this->a = 20;
	this->b = this->a + 1;
	printf("%d\n", this->a + this->b);
	exit(0);
}
