/*
 * ASSERTION: a member expression of the wrong type is D_XLATE_INCOMPAT.
 */
typedef struct pt { int x; } pt_t;
translator pt_t < int v > { x = "text"; };
