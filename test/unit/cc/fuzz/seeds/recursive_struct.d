struct s { struct s *next; struct s inner; int v; };
struct a { struct b x; };
struct b { struct a y; };
union u { union u x; struct s *p; };
struct s v;
BEGIN { v.next = &v; trace(v.next->next->v); trace(sizeof (struct a)); }
