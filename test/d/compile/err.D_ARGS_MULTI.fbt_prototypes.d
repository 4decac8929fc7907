/*
 * ASSERTION: fbt args[] come from the functions' prototypes, so a clause
 * on two functions with different parameters is D_ARGS_MULTI.
 */
fbt::vfs_read:entry, fbt::schedule:entry { trace(args[0]); }
