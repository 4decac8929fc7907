/*
 * ASSERTION: args[n] beyond the arguments the matched probes describe
 * (io:::start has three) is D_ARGS_IDX.
 */
io:::start { trace(args[3]); }
