struct q { int a; };
struct r { int b; };
translator struct q < struct q *p > { a = xlate<struct q *>(p)->a; };
translator struct q < struct r *p > { a = xlate<struct r *>((struct q *)p)->b; };
translator struct r < struct q *p > { b = xlate<struct q *>((struct r *)p)->a; };
BEGIN { trace(xlate<struct q *>((struct r *)0)->a); trace(xlate<struct r>((struct q *)0).b); }
