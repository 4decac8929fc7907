/*
 * ASSERTION: of two translators defined through each other, the first
 * cannot use the second, which is declared after it.
 */
struct q { int a; };
struct r { int b; };
translator struct q < struct r *p > { a = xlate<struct r *>((struct q *)p)->b; };
translator struct r < struct q *p > { b = xlate<struct q *>((struct r *)p)->a; };
BEGIN { trace(xlate<struct q *>((struct r *)0)->a); }
