/*
 * ASSERTION: a translator assigning a member its output lacks is D_XLATE_MEMB.
 */
typedef struct pt { int x; } pt_t;
translator pt_t < int v > { z = v; };
