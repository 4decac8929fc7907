/*
 * ASSERTION: what a probe argument points to is not writable, even by
 * ++.
 */
fbt::vfs_read:entry
{
	args[0]->f_pos++;
}
