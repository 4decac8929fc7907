# ASSERTION: -x aggsize=64g with bufresize=manual cannot be allocated:
# GO refuses it ("could not enable tracing"), exit 1, and a fresh dtrace
# works afterwards.
# @@timeout: 300
"$1" -x bufresize=manual -x aggsize=64g -n 'BEGIN { @ = count(); exit(0); }' 2>&1
rc=$?
"$1" -qn 'BEGIN { printf("fresh\n"); exit(0); }' ||
	{ echo "a dtrace after the refusal failed" >&2; exit 2; }
exit $rc
