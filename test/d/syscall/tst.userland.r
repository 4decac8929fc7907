copyinstr /nonexistent/dtrace-userland
stringof /nonexistent/dtrace-userland
ERROR fault 1 at 8

		args[1]: userland const char *
