# ASSERTION: -a and -x grabanon claim anonymous tracing state; Linux has
# no anonymous tracing, so there is never any to claim and dtrace fails
# as DTrace does without it (with or without probes of its own).
# @@timeout: 60
dtrace=$1
"$dtrace" -a 2>&1
echo "exit $?"
"$dtrace" -q -x grabanon -n 'BEGIN { exit(0); }' 2>&1
echo "exit $?"
