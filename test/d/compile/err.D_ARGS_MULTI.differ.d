/*
 * ASSERTION: args[] in a clause whose probes describe different
 * arguments (off-cpu has two, enqueue three) is D_ARGS_MULTI.
 */
sched:::off-cpu, sched:::enqueue { trace(args[0]->pr_lwpid); }
