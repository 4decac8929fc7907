/*
 * ASSERTION: a pointer to a kernel function cannot be dereferenced.
 */
BEGIN { trace(*`vfs_read); }
