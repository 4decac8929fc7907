/*
 * ASSERTION: a translator is not defined inside its own members: using it
 * there is "cannot translate from ...", not a silent failure.
 */
struct q { int a; };
translator struct q < struct q *p > { a = xlate<struct q *>(p)->a; };
BEGIN { trace(xlate<struct q *>((struct q *)0)->a); }
