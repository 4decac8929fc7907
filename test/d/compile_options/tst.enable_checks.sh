# ASSERTION: dtrace -e refuses what ENABLE would, with the module's own
# checks (libdtkcore): a by-reference type over 1 MiB (DTRACE_BYREF_MAX;
# the compiler's verifier once had no cap), a record over 16 MiB and a
# clause over the cost budget (which -e did not apply); the largest
# accepted values pass. The by-reference refusal names the variable.
# @@timeout: 180
dtrace=$1
prog=$(mktemp --suffix=.d)
trap 'rm -f "$prog"' EXIT
for size in 1048576 1048577; do
	printf 'struct big { char b[%d]; };\nstruct big x;\nBEGIN { x.b[0] = 1; }\n' $size >"$prog"
	"$dtrace" -e -s "$prog" 2>&1 | sed "s|$prog|PROG|"
	echo "by-ref $size bytes: exit ${PIPESTATUS[0]}"
done
. "$(dirname "$0")/../lib/cost_prog.sh"
for n in 7 8; do
	cost_prog $n >"$prog"
	"$dtrace" -e -s "$prog" 2>&1 | sed "s|$prog|PROG|"
	echo "cost of $n compares: exit ${PIPESTATUS[0]}"
done
for n in 256 257; do
	{ printf 'BEGIN {'; for i in $(seq $n); do printf ' trace(execname);'; done; echo ' }'; } >"$prog"
	"$dtrace" -e -x strsize=65536 -s "$prog" 2>&1 | sed "s|$prog|PROG|"
	echo "$n strings of 65536 bytes: exit ${PIPESTATUS[0]}"
done
