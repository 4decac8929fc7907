/*
 * ASSERTION: a translated args[] type with no translator from the
 * native type (struct request *) is D_ARGS_XLATOR.
 * @@runtest-opts: -xsyslibdir=../../harness
 */
typedef struct bufinfo { int b_x; } bufinfo_t;

io:::start { trace(args[0]->b_x); }
