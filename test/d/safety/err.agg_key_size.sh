# ASSERTION: an aggregation whose key and value are over
# DTRACE_MAX_AGGENTSIZE (16 MiB: 256 string keys of 64 KiB and a count)
# is refused at ENABLE with the size and the limit (exit 1); a fresh
# dtrace works afterwards.
# @@timeout: 300
keys=$(yes execname | head -n 256 | paste -sd, -)
"$1" -x strsize=65536 -n "BEGIN { @[$keys] = count(); exit(0); }" 2>&1 |
	sed 's/-n .BEGIN.*/-n/; s/failed to enable .*: Enabling/failed to enable: Enabling/'
rc=${PIPESTATUS[0]}
"$1" -qn 'BEGIN { printf("fresh\n"); exit(0); }' ||
	{ echo "a dtrace after the refusal failed" >&2; exit 2; }
exit $rc
