# ASSERTION: the tcp provider lists its connection probes and dtrace -lv
# types their arguments as DTrace does (state-change also args[5]).
"$1" -l -P tcp | awk 'NR > 1 { $1 = ""; print }' | sort
"$1" -lv -n tcp:::state-change | awk '/^ *[0-9]+ / { print $2, $4 } /args\[/ { print }'
