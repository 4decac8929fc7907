/*
 * ASSERTION: an if/else holding actions splits the statement into parts
 * predicated on a hidden clause-local flag (this->%ifN = cond ? 1 : 2).
 */
syscall::read:entry
{
	if (arg2 > 100) {
		trace("big");
	} else {
		trace("small");
	}
}
