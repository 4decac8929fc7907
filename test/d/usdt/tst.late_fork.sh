# ASSERTION: the children a traced process forks after tracing started
# get the running enabling's ECBs (late matching): dtrace -c fork_app
# holds the parent at main, after drti registered forkapp<pid>, enables
# forkapp*:::work on it, then the parent forks two children whose own
# forkapp<childpid> probes fire too, each with its own arguments. (The
# parent's string is not read: held at main, its .rodata page is not in
# yet, and copyinstr() cannot fault it in.)
# @@timeout: 60
# @@sort: three processes' records, in the order their CPUs ran them
. "$(dirname "$0")/../lib/status.sh"
dtrace=$1
app=$(dirname "$dtrace")/test/usdt/fork_app
"$dtrace" -q -c "$app 2 3 20" -n '
forkapp*:::work
{
	printf("%s %d %s\n", pid == $target ? "parent" : copyinstr(arg1), arg0,
	    probeprov == strjoin("forkapp", lltostr(pid)) ? "ok" : probeprov);
}'
