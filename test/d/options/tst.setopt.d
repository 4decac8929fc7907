/*
 * ASSERTION: setopt() changes a consumer option while tracing (here
 * aggsortkey: the printa() after it sorts by key, not by value); an
 * option that cannot change once tracing (bufsize) or an unknown one is
 * reported as an error on the enabled probe (followed by an empty line,
 * as DTrace prints it; a value not given is "1"), and tracing goes on.
 */
#pragma D option quiet

BEGIN
{
	@a["b"] = sum(1);
	@a["a"] = sum(2);
	printa(@a);
	setopt("aggsortkey");
	printa(@a);
	setopt("bufsize", "1m");
	setopt("nosuchoption");
	setopt("quiet", "maybe");
	printf("still tracing\n");
	exit(0);
}
