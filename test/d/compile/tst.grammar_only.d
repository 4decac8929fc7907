/* @@runtest-opts: -e */
/*
 * ASSERTION: declarations, inlines, ternaries, casts, pointer members and
 * clause-local/thread-local variables all compile together (-e: nothing
 * is enabled).
 */
struct node {
	struct node *next;
	int value;
};

inline int LIMIT = 10;
self int depth;
this string label;

syscall::read:entry,
syscall::write:entry
/pid != 0 && arg2 < LIMIT * 1024/
{
	this->n = (struct node *)arg1;
	self->depth = this->n->value > 0 ? this->n->next->value : -1;
	this->label = self->depth ? "deep" : "flat";
	@bytes[probefunc, this->label] = sum(arg2);
}
