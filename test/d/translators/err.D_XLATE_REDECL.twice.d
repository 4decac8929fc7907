/*
 * ASSERTION: a second translator between the same types is D_XLATE_REDECL.
 */
typedef struct pt { int x; } pt_t;
translator pt_t < int v > { x = v; };
translator pt_t < int w > { x = w + 1; };
