/*
 * ASSERTION: trace() of a struct value is refused (print() takes it).
 */
struct pair { int a; int b; };
struct pair p;
BEGIN { trace(p); }
