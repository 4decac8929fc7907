# ASSERTION: -i names a probe by the id dtrace -l shows: with a predicate
# and an action it enables that probe (here dtrace:::BEGIN), and with -l
# it lists it; an id no probe has matches nothing (exit 1).
. "$(dirname "$0")/../lib/status.sh"
dtrace=$1
id=$(set -o pipefail; "$dtrace" -l -n dtrace:::BEGIN | awk 'NR == 2 { print $1 }')
dt_ok $? "dtrace -l dtrace:::BEGIN"
"$dtrace" -l -i "$id" | awk 'NR == 2 { print $2, $NF }'
dt_ok "${PIPESTATUS[0]}" "dtrace -l -i $id"
"$dtrace" -q -i "$id /1/ { printf(\"fired, id matches: %d\\n\", id == $id); exit(0); }"
echo "exit $?"
"$dtrace" -l -i 99999999
echo "exit $?"
