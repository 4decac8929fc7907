# ASSERTION: per-system-call statistics kept in members of an associative
# array of structs, as in DTrace's structs example, count what a known
# workload does: dd copies 6 blocks of 4096 bytes.
"$1" -q -n '
struct callinfo {
	uint64_t ts;
	uint64_t elapsed;
	uint64_t calls;
	size_t maxbytes;
};

struct callinfo i[string];

syscall::read:entry, syscall::write:entry
/pid == $target/
{
	i[probefunc].ts = timestamp;
	i[probefunc].calls++;
	i[probefunc].maxbytes = arg2 > i[probefunc].maxbytes ?
	    arg2 : i[probefunc].maxbytes;
}

syscall::read:return, syscall::write:return
/i[probefunc].ts != 0 && pid == $target/
{
	i[probefunc].elapsed += timestamp - i[probefunc].ts;
}

END
{
	printf("write: calls %d, largest %d, time %s\n", i["write"].calls,
	    i["write"].maxbytes, i["write"].elapsed > 0 ? "measured" : "none");
	printf("read: at least 6 calls %s, time %s\n",
	    i["read"].calls >= 6 ? "yes" : "no",
	    i["read"].elapsed > 0 ? "measured" : "none");
}' -c "dd if=/dev/zero of=/dev/null bs=4096 count=6 status=none"
