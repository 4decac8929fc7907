/*
 * libdtrace's C API: a tracing session for programs written in C (or any
 * language with a C FFI). It wraps the C++ dtrace::Handle one to one:
 *
 *   dtc_handle_t *h = dtc_open(NULL);
 *   int prog = dtc_compile(h, "syscall::read:entry { @[execname] = count(); }");
 *   dtc_exec(h, prog, NULL);
 *   dtc_go(h);
 *   while (dtc_work(h, stdout) == DTC_WORK_CONTINUE) ...
 *   dtc_stop(h, NULL);                   // END fires; nothing printed
 *   dtc_aggregate_walk(h, my_entry, arg);  // or dtc_aggregate_print()
 *   dtc_close(h);
 *
 * Functions returning int give 0 (or an index) on success and -1 on
 * failure; dtc_errmsg() then says why, in dtrace(1)'s words.
 */
#ifndef DTRACE_CONSUMER_H
#define DTRACE_CONSUMER_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dtc_handle dtc_handle_t;

/* Opens /dev/dtrace (or `device`, NULL for the default). NULL on failure,
 * with the reason in `err` (may be NULL) until the next dtc_open(). */
dtc_handle_t *dtc_open(const char *device, const char **err);
void dtc_close(dtc_handle_t *h);
/* The last failure's message ("" if none). */
const char *dtc_errmsg(const dtc_handle_t *h);

/* -x name[=value]; value NULL or "" for a bare flag. */
int dtc_setopt(dtc_handle_t *h, const char *name, const char *value);
/* Compiles D source; returns a program index for dtc_exec(). */
int dtc_compile(dtc_handle_t *h, const char *source);
/* Enables a compiled program; *nprobes (may be NULL) = probes matched. */
int dtc_exec(dtc_handle_t *h, int program, unsigned *nprobes);
int dtc_go(dtc_handle_t *h);

typedef enum { DTC_WORK_CONTINUE, DTC_WORK_DONE, DTC_WORK_ERROR } dtc_work_t;
/* Drains buffers, printing records to `out` as dtrace(1) does; DONE once
 * exit() ran or tracing cannot go on. Sleeps at most until the next
 * switchrate/status tick. */
dtc_work_t dtc_work(dtc_handle_t *h, FILE *out);
/* Like dtc_work(), but hands the text of what was drained to `fn` (once
 * per call, only when there is text) instead of writing to a FILE. */
typedef void dtc_consume_f(const char *text, size_t len, void *arg);
dtc_work_t dtc_consume(dtc_handle_t *h, dtc_consume_f *fn, void *arg);

/* Ends tracing (END fires) and drains what is left into `out`; with `out`
 * NULL the remaining records are dropped and the aggregations are left
 * for dtc_aggregate_walk()/dtc_aggregate_print(). */
int dtc_stop(dtc_handle_t *h, FILE *out);
/* The status exit() gave, 0 if none. */
int dtc_exit_status(const dtc_handle_t *h);

typedef struct {
	int exiting;	 /* exit() ran */
	int filled;	 /* a fill buffer became full */
	uint64_t errors; /* faults since the previous dtc_status() */
	uint64_t drops;	 /* dynamic, speculative and other drops since then */
} dtc_status_t;
int dtc_status(dtc_handle_t *h, dtc_status_t *st);

/* One aggregation entry: the variable (without '@'), its keys as dtrace(1)
 * prints them (trimmed), and the value (count/sum/min/max/avg/stddev;
 * histograms: the sum of their buckets). */
typedef struct {
	const char *name;
	int nkeys;
	const char *const *keys;
	int64_t value;
} dtc_aggentry_t;
/* Calls `fn` for every entry of every aggregation, in printing order;
 * a non-zero return stops the walk. Snapshots the kernel's data first. */
typedef int dtc_aggwalk_f(const dtc_aggentry_t *e, void *arg);
int dtc_aggregate_walk(dtc_handle_t *h, dtc_aggwalk_f *fn, void *arg);
/* Prints every aggregation as dtrace(1) does at exit. */
int dtc_aggregate_print(dtc_handle_t *h, FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* DTRACE_CONSUMER_H */
