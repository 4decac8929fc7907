typedef struct t t;
typedef t t;
typedef struct l { struct l *n; t *m; } l_t;
struct t { l_t l; t *me; };
enum e { A = sizeof (enum e), B = A };
BEGIN { trace(sizeof (t)); trace(((l_t *)0)->n->n->m); }
