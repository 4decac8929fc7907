# Sourced by test/d/safety/tst.cost_*.sh: cost_prog K prints a D program at
# strsize 64 KiB whose tick clause compares a 65,000-byte string literal
# with itself K times (each compare reads both copies whole, through the
# fault-tolerant loads), timed with walltimestamp (read afresh each time,
# unlike timestamp) by the clauses either side of it. Each compare costs
# 2 x strsize units: 7 of them fit DTRACE_CLAUSE_COST_MAX, 8 do not.
cost_prog() {
	local k=$1 i expr="" lit
	lit=\"$(head -c 65000 /dev/zero | tr '\0' a)\"
	for ((i = 0; i < k; i++)); do
		expr="$expr${expr:+ + }($lit == $lit)"
	done
	cat <<D
#pragma D option quiet
#pragma D option strsize=65536
tick-20ms { t0 = walltimestamp; }
tick-20ms { n += $expr; }
tick-20ms { @worst = max(walltimestamp - t0); @avg = avg(walltimestamp - t0); i++; }
tick-20ms /i == 25/ {
	printa("worst-case firing: max %@d ns", @worst);
	printa(", avg %@d ns\n", @avg);
	exit(0);
}
D
}
