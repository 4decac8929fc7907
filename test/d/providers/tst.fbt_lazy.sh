# ASSERTION: a description that names neither fbt nor a function creates
# no fbt probes (a bare listing shows only the few earlier tests made);
# one that names the provider creates them all.
# (In providers/, which runs after kernel/: the ioctl smoke test walks
# every probe, and this one creates 42,000.)
. "$(dirname "$0")/../lib/status.sh"
n=$(set -o pipefail; "$1" -l | awk 'NR > 1 && $2 == "fbt"' | wc -l)
dt_ok $? "dtrace -l"
echo "few fbt in a bare listing: $((n < 5000))"
n=$(set -o pipefail; "$1" -l -n 'fbt:::entry' | awk 'NR > 1 && $2 == "fbt"' | wc -l)
dt_ok $? "dtrace -l fbt:::entry"
echo "fbt:::entry lists many: $((n > 5000))"
