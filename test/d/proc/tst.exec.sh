# ASSERTION: proc:::exec fires in the caller with the path being
# executed in arg0, exec-success in the new image, exec-failure with
# the negative error (-ENOENT, -2) when the path does not exist, as
# Linux DTrace gives it. Each line once: execs repeat until dtrace
# exits, and one whose exec-success came before that probe was enabled
# must not print its exec again.
# @@timeout: 60
# @@sort: the execs run in different processes, each firing goes to the buffer of the CPU it ran on
. "$(dirname "$0")/../lib/until_exit.sh"
"$1" -q -n '
proc:::exec
/!ex && stringof(arg0) == "/bin/true"/
{
	printf("exec %s\n", stringof(arg0));
	ex = 1;
}

proc:::exec-success
/ex && !ok && execname == "true"/
{
	printf("exec-success %s\n", execname);
	ok = 1;
}

proc:::exec-failure
/args[0] == -2 && ok/
{
	printf("exec-failure %d\n", args[0]);
	exit(0);
}' &
dt=$!
execs() {
	/bin/true
	/no/such/program 2>/dev/null
}
until_exit "$dt" execs
wait "$dt"
