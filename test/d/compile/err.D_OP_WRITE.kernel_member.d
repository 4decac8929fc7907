/*
 * ASSERTION: kernel memory reached from a built-in variable is not
 * writable.
 */
BEGIN
{
	curthread->pid = 1;
}
