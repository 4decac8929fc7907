/*
 * ASSERTION: a translated args[] type that does not exist (bufinfo_t
 * comes from io.d; the system library directory here has no D files)
 * is D_ARGS_TYPE.
 * @@runtest-opts: -xsyslibdir=../../harness
 */
io:::start { trace(args[0]->b_bcount); }
