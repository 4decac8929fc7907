/*
 * ASSERTION: one string key, short (up to 15 bytes and its NUL) or not,
 * the same key from a clause that runs DIF (a predicate) and one that
 * does not: each key one entry, counted from both. The bpf backend
 * keeps the short ones in a hash of 16-byte keys (doc/bpf.md).
 */
#pragma D option quiet

BEGIN
{
	@k["fifteen bytes!!"] = count();
	@k["sixteen bytes!!!"] = count();
	@k[""] = count();
	@k[probename] = count();
	@v[probeprov] = sum(3);
}

BEGIN
/1/
{
	@k["sixteen bytes!!!"] = count();
	@k["fifteen bytes!!"] = count();
	@k[probename] = count();
	@k["seventeen bytes!!"] = count();
	@v[probeprov] = sum(4);
	exit(0);
}
