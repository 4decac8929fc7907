# ASSERTION: the tcp provider lists its connection probes and send and
# receive, and dtrace -lv types their arguments as DTrace does
# (state-change also args[5]).
set -o pipefail	# a pipeline fails when dtrace does
"$1" -l -P tcp | awk 'NR > 1 { $1 = ""; print }' | sort || exit 1
for p in state-change send receive; do
	"$1" -lv -n tcp:::$p | awk -v p=$p '/^ *[0-9]+ / { print $2, $4 }
	    /args\[/ { $1 = $1; print p, $0 }' || exit 1
done
