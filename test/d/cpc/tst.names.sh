# ASSERTION: cpc probe names are <event>-<mode>-<count>; an unknown
# event or mode, or a count under the event's floor, names no probe.
set -o pipefail	# a pipeline fails when dtrace does
"$1" -l -n cpc:::page-faults-all-100 -n cpc:::instructions-user-20000 |
	awk 'NR > 1 { $1 = ""; print }' || exit 1
for d in cpc:::no-such-all-1000 cpc:::page-faults-both-10 \
	cpc:::cpu-clock-all-10 cpc:::page-faults-all; do
	"$1" -l -n "$d" 2>&1
	echo "exit $?"
done
