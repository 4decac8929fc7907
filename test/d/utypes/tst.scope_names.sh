# ASSERTION: a target's DWARF types never change the meaning of the D
# library or of a program. The target (test/triggers/scope-names.c)
# defines typedefs, tags and enumerators named as the library's
# translator variables and inlines (U, S, T, D, udp_in, curpsinfo...),
# D's types (string, uint8_t, psinfo_t), the keyword self and D's
# constants (EINVAL, AF_INET). A BEGIN clause that uses those names as
# variables and the library's translators, and pid probes that print
# args[], print the same with and without the target's debug
# information (the D library compiles: with the old lookup it failed,
# "io.d, line 56: syntax error near "R""); through their object's
# scope (a.out`U, struct a.out`udphdr, a.out`string) the target's own
# types are there beside D's.
# @@timeout: 40
dtrace=$1
trig=$(dirname "$dtrace")/test/triggers
with=$trig/scope-names
without=$trig/scope-names-nodebug

# Names the target also defines, as D variables, constants, types and
# the library's translators; args[] kept (the values print the same
# typed or not); the /0/ clause compiles udp.d's translator. One clause
# prints: records of several CPUs' buffers could come in another order.
same='BEGIN
{
	U = 1; S = 2; udp_in = 5;
	fname = stringof(curpsinfo->pr_fname);
	mine = curpsinfo->pr_pid == pid;
}
pid$target:a.out:work:entry
{
	self->T = 3;
	self->a0 = args[0]; self->a1 = args[1]; self->a2 = args[2];
	self->in = 1;
}
pid$target:a.out:work:entry
/0/
{
	trace(xlate<udpinfo_t>((struct udphdr *)arg3).udp_sport);
}
pid$target:a.out:work:return
/self->in/
{
	this->D = 4;
	printf("vars %d %d %d %d %d\n", U, S, self->T, this->D, udp_in);
	printf("consts %d %d %d\n", EINVAL, AF_INET, sizeof (uint8_t));
	this->s = (string)"s";
	printf("types %s %d %d\n", this->s, sizeof (psinfo_t) > 5, sizeof (struct udphdr));
	printf("library %s %d\n", fname, mine);
	printf("entry %d %d %d\n", self->a0, self->a1, self->a2);
	printf("return %d\n", args[1]);
	exit(0);
}'

for prog in "$with" "$without"; do
	[ -x "$prog" ] || { echo "$prog: not built (test/triggers)" >&2; exit 1; }
done
a=$("$dtrace" -q -c "$with" -n "$same" 2>&1; echo "exit $?")
b=$("$dtrace" -q -c "$without" -n "$same" 2>&1; echo "exit $?")
echo "$a"
[ "$a" = "$b" ] || { echo "differs without debug information:"; echo "$b"; exit 1; }

"$dtrace" -q -c "$with" -n '
pid$target:a.out:work:entry
{
	printf("sizes %d %d %d %d %d\n", sizeof (a.out`U), sizeof (a.out`S),
	    sizeof (a.out`uint8_t), sizeof (uint8_t), sizeof (struct a.out`udphdr));
	this->h = (struct a.out`udphdr *)arg3;
	printf("cast %d %s %s\n", this->h->source, this->h->dest,
	    stringof((a.out`string)arg4));
	printf("args %d %s %d\n", args[3]->source, args[3]->dest, (a.out`uint8_t)args[2]);
	printf("self %d enum %d\n", (a.out`self)7, (enum a.out`names)EINVAL);
}'
echo "exit $?"
