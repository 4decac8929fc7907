# ASSERTION: profile probes with rates that are not pre-listed are
# created when a description names them, in every unit; malformed or
# too fast rates match nothing; the pre-listed ones are there.
. "$(dirname "$0")/../lib/status.sh"
list() {
	"$1" -l -n "$2" 2>&1 | awk '/failed/ { print; next } NR > 1 { print $2, $NF }'
	echo "exit ${PIPESTATUS[0]}"
}
for d in profile-997 tick-1000 profile-1234us tick-3s profile-2ms \
	 tick-1min tick-5hz tick-1d profile-100us tick-0 tick-1x profile-
do
	list "$1" "profile:::$d"
done
"$1" -l -P profile | awk 'NR > 1 && $NF ~ /^(profile-(97|199|499|997|1999|4001|4999)|tick-(1|10|100|500|1000|5000))$/' | wc -l
dt_ok "${PIPESTATUS[0]}" "dtrace -l -P profile"
