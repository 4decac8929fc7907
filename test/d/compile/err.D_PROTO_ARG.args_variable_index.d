/*
 * ASSERTION: typed args[] need a constant index.
 */
int i;

io:::start { trace(args[i]); }
