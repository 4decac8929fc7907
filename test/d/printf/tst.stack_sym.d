/*
 * ASSERTION: %k prints a stack() argument as stack() does (a blank line,
 * then indented module`symbol frames); %a prints a kernel address (the
 * interrupted pc of a profile probe) as module`symbol+0xoffset, where
 * sym() and func() print module`symbol and mod() the module.
 */
#pragma D option quiet

int done;

profile-997
/arg0 != 0 && cpu == 0 && !done/
{
	done = 1;
	printf("k:%k", stack(2));
	printf("\n%a|", arg0);
	sym(arg0);
	printf("|\nfunc:");
	func(arg0);
	printf("|");
	mod(arg0);
	printf("|\n");
	exit(0);
}
