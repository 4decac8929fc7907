/*
 * ASSERTION: xlate to a type with no translator from the operand's type
 * is D_XLATE_NONE.
 */
typedef struct pt { int x; } pt_t;
BEGIN { trace(xlate <pt_t *> ("text")->x); }
