# ASSERTION: chill()'s cap (500 ms per second, doc/limits.md §2) is per
# CPU across all consumers: two dtraces that each ask CPU 0 for 900 ms of
# chill per second get at most about 500 ms per second between them
# (each alone would get 500).
# @@timeout: 90
dtrace=$1
prog='profile-10 { this->t0 = walltimestamp; chill(90000000);
	@ = sum(walltimestamp - this->t0); }
	tick-3s { printa("%@d\n", @); exit(0); }'
a=$(mktemp); b=$(mktemp)
trap 'rm -f "$a" "$b"' EXIT
"$dtrace" -qw -x cpu=0 -n "$prog" >"$a" & pa=$!
"$dtrace" -qw -x cpu=0 -n "$prog" >"$b" & pb=$!
wait $pa; sa=$?
wait $pb; sb=$?
ta=$(tr -dc 0-9 <"$a"); tb=$(tr -dc 0-9 <"$b")
echo "chilled: $ta + $tb ns in 3 s" >&2
total=$(( ${ta:-0} + ${tb:-0} ))
# 3 s of windows at 500 ms, and one window's worth of slack for the
# consumers' different start times: 2 s; capped per consumer they got 3 s.
echo "both ran: $(( sa == 0 && sb == 0 && ta > 0 && tb > 0 ))"
echo "capped together: $(( total <= 2000000000 ))"
