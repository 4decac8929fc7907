/*
 * ASSERTION: calling something that is not a function (a thread-local
 * variable) is D_FUNC_IDENT.
 */
BEGIN
{
	self->f();
}
