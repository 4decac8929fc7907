/*
 * ASSERTION: -x noresolve prints code addresses instead of symbols: %a,
 * sym() and stack() frames show the address in hex; mod() still names
 * the module (a module is not a symbol); a ustack() frame is its object
 * and the offset into the object's mapping (libc.so.6:0x...: BEGIN
 * fires in dtrace's ioctl), as DTrace prints user addresses then.
 */
#pragma D option quiet
#pragma D option noresolve

BEGIN
{
	printf("%a|", (uint64_t)&`vfs_read);
	sym((uint64_t)&`vfs_read);
	printf("|");
	mod((uint64_t)&`vfs_read);
	printf("|");
	stack(1);
	ustack(1);
	exit(0);
}
