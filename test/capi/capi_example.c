/*
 * A small consumer written against libdtrace's C API (dtrace/consumer.h):
 * compiles the D program given as argv[1] (or a built-in one), runs it
 * until exit(), hands the trace output to a callback, then walks the
 * aggregations itself, printing them as name[keys] = value, and lets
 * the library print them in dtrace(1)'s layout.
 */
#include <stdio.h>
#include <string.h>

#include "dtrace/consumer.h"

static const char *default_program =
	"BEGIN { printf(\"hello from the C API\\n\"); @calls[\"BEGIN\", 1] = "
	"count();"
	" @total = sum(42); exit(3); }";

static void on_output(const char *text, size_t len, void *arg)
{
	size_t *bytes = arg;
	*bytes += len;
	fwrite(text, 1, len, stdout);
}

static int on_entry(const dtc_aggentry_t *e, void *arg)
{
	(void)arg;
	printf("@%s", e->name);
	for (int i = 0; i < e->nkeys; i++)
		printf("%s%s", i ? ", " : "[", e->keys[i]);
	printf("%s = %lld\n", e->nkeys ? "]" : "", (long long)e->value);
	return 0;
}

int main(int argc, char **argv)
{
	const char *err = NULL;
	dtc_handle_t *h = dtc_open(NULL, &err);
	if (h == NULL) {
		fprintf(stderr, "capi_example: %s\n", err);
		return 1;
	}
	int prog, rc = 1;
	unsigned nprobes = 0;
	size_t bytes = 0;
	if (dtc_setopt(h, "quiet", NULL) != 0 ||
	    (prog = dtc_compile(h, argc > 1 ? argv[1] : default_program)) < 0 ||
	    dtc_exec(h, prog, &nprobes) != 0 || dtc_go(h) != 0) {
		fprintf(stderr, "capi_example: %s\n", dtc_errmsg(h));
		goto out;
	}
	fprintf(stderr, "capi_example: %u probe%s\n", nprobes,
		nprobes == 1 ? "" : "s");
	dtc_work_t w;
	while ((w = dtc_consume(h, on_output, &bytes)) == DTC_WORK_CONTINUE)
		;
	if (w == DTC_WORK_ERROR || dtc_stop(h, NULL) != 0 ||
	    dtc_aggregate_walk(h, on_entry, NULL) != 0 ||
	    dtc_aggregate_print(h, stdout) != 0) {
		fprintf(stderr, "capi_example: %s\n", dtc_errmsg(h));
		goto out;
	}
	printf("output bytes %zu, exit status %d\n", bytes, dtc_exit_status(h));
	rc = 0;
out:
	dtc_close(h);
	return rc;
}
