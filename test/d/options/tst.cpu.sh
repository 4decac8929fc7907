# ASSERTION: -x cpu=N traces on CPU N only (profile-97 fires on every CPU,
# yet only CPU 1's firings are recorded); a CPU the machine lacks is a bad
# option value ("failed to set -x cpu"), not a probe-specifier error.
# @@timeout: 90
dtrace=$1
timeout 60 "$dtrace" -q -x cpu=1 -n 'profile-97 { @[cpu] = count(); }
	profile-97 /cpu == 1 && ++n == 20/ { exit(0); }' | awk 'NF == 2 { print "cpu", $1 }'
echo "exit ${PIPESTATUS[0]}"
n=$(nproc)
"$dtrace" -q -x cpu=$n -n 'BEGIN { exit(0); }' 2>&1
echo "exit $?"
