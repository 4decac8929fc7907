# ASSERTION: dtrace -l reads every description first (a bad one is fatal,
# exit 1, before the header), then prints the header once and each
# description's probes; one that matches nothing is reported in its four
# fields ("failed to match :unix::: ...", also for -n) and the listing goes
# on, exit 0. An operand the descriptions do not use is refused.
d=$1
rows() { awk '/^dtrace:/ || NR == 1 { print; next } { $1 = ""; print }'; }
"$d" -l -f read -f nosuchfn_xyz -f write 2>&1 | rows
echo "exit ${PIPESTATUS[0]}"
"$d" -l -m 'nosuchmod_xyz/probefunc == "x"/{ exit(0); }' 2>&1 | rows
echo "exit ${PIPESTATUS[0]}"
"$d" -l -i 4-2 2>&1
echo "exit $?"
"$d" -l -f syscall::read -P profile:::tick-1 2>&1
echo "exit $?"
"$d" -l -i 99999999 2>&1
echo "exit $?"
"$d" -l -n ':nosuchmod_xyz:' -n 'nosuchfn_xyz:' 2>&1
echo "exit $?"
"$d" -l -f read '{ exit(0); }' 2>&1
echo "exit $?"
