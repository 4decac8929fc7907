/*
 * Probes of 8 and 12 arguments (wide_app.c), written as autoconf projects
 * write their probes.d (PostgreSQL's): types named by cpp macros, so the
 * build runs dtrace -C -h and dtrace -C -G.
 */
#define Oid unsigned int
#define bool unsigned char

provider wideapp {
	probe eight(int, unsigned int, Oid, long, const char *, bool, long long, char *);
	probe twelve(int, int, int, int, int, int, long, int, char *, short, long, const char *);
};
