/*
 * ASSERTION: fds[fd] (io.d) is the fileinfo_t of the current process's
 * descriptor fd; a negative or out-of-range descriptor has no file:
 * "<none>" names, offset -1, flags 0. Its members work in printf and
 * as aggregation keys (only the member used is computed).
 */
#pragma D option quiet

BEGIN
{
	printf("%s %s %s %s %s %d %d\n", fds[-1].fi_name, fds[-1].fi_dirname,
	    fds[1 << 30].fi_pathname, fds[1 << 30].fi_fs, fds[-5].fi_mount,
	    fds[-1].fi_offset, fds[-1].fi_oflags);
	@[fds[-1].fi_fs] = count();
	exit(0);
}
