/* @@runtest-opts: -e */
/*
 * ASSERTION: a cast of a probe argument to a kernel struct pointer and a
 * member load through it compile (-e: no probes are matched).
 */
fbt::vfs_read:entry
{
	trace(((struct file *)arg0)->f_pos);
	trace(((struct file *)arg0)->f_inode->i_ino);
}
