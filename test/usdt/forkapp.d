/*
 * The provider of fork_app.c: a process that forks workers after drti
 * registered its probes, as servers (PostgreSQL's postmaster) do.
 */
provider forkapp {
	probe work(int, const char *);
};
