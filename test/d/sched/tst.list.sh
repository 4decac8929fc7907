# ASSERTION: the sched provider lists DTrace's probe names.
"$1" -l -P sched | awk 'NR > 1 { $1 = ""; print }' | sort
