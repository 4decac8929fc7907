# ASSERTION: the ip provider lists send and receive, typed as DTrace's
# (pktinfo_t, csinfo_t, ipinfo_t, ifinfo_t, ipv4info_t, ipv6info_t).
set -o pipefail	# a pipeline fails when dtrace does
"$1" -l -P ip | awk 'NR > 1 { $1 = ""; print }' | sort || exit 1
"$1" -lv -n ip:::send | awk '/^ *[0-9]+ / { print $2, $4 } /args\[/ { print }' || exit 1
