/* 6.4+: objtool's "no unwind information here" hint is UNDEFINED (was EMPTY). */
#include <asm/unwind_hints.h>

#ifndef UNWIND_HINT_UNDEFINED
#error no UNWIND_HINT_UNDEFINED
#endif
