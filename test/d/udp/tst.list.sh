# ASSERTION: the udp provider lists send and receive, and dtrace -lv
# types their arguments as DTrace does (pktinfo_t, csinfo_t, ipinfo_t,
# udpsinfo_t, udpinfo_t).
set -o pipefail	# a pipeline fails when dtrace does
"$1" -l -P udp | awk 'NR > 1 { $1 = ""; print }' | sort || exit 1
for p in send receive; do
	"$1" -lv -n udp:::$p | awk -v p=$p '/^ *[0-9]+ / { print $2, $4 }
	    /args\[/ { $1 = $1; print p, $0 }' || exit 1
done
