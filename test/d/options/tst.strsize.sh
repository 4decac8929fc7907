# ASSERTION: -x strsize=N bounds strings to N-1 characters plus the NUL;
# -x stackframes=N bounds stack() to N frames.
. "$(dirname "$0")/../lib/status.sh"
dtrace=$1
"$dtrace" -q -x strsize=8 -n 'BEGIN { s = "abcdefghijkl"; printf("[%s] %d\n", s, strlen(s)); exit(0); }'
echo "exit $?"
"$dtrace" -q -x stackframes=2 -n 'BEGIN { stack(); exit(0); }' | awk 'NF' | wc -l
dt_ok "${PIPESTATUS[0]}" "dtrace -x stackframes=2"
"$dtrace" -q -x stackframes=1 -n 'BEGIN { stack(); exit(0); }' | awk 'NF' | wc -l
dt_ok "${PIPESTATUS[0]}" "dtrace -x stackframes=1"
