/*
 * ASSERTION: pid0 names no process that can be traced (D_PROC_BADPID).
 */
pid0:::entry
{
}
