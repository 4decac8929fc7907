/*
 * ASSERTION: a member the translator does not convert is D_XLATE_NOCONV.
 */
typedef struct pt { int x; int y; } pt_t;
translator pt_t < int v > { x = v; };
BEGIN { trace(xlate <pt_t *> (1)->y); }
