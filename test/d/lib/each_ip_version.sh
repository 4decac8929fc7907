# Sourced by the network tests that trace one round over IPv4 and then
# IPv6 (not a test: runtest runs only tst.* and err.* files).
#   each_ip_version TRACE DTRACE
# For V = 4, then 6: runs TRACE DTRACE V OUT, which writes what dtrace
# printed to the scratch file OUT and returns dtrace's status; prints
# OUT sorted (the receiving side's softirq may run on the other CPU,
# whose buffer is read in its own turn) and fails the test if the status
# is not 0.
each_ip_version() {
	local trace=$1 dtrace=$2 out v rc
	out=$(mktemp)
	for v in 4 6; do
		"$trace" "$dtrace" $v "$out"
		rc=$?
		sort "$out"
		[ $rc = 0 ] && continue
		echo "dtrace (IPv$v) exited with status $rc" >&2
		rm -f "$out"
		exit 1
	done
	rm -f "$out"
}
