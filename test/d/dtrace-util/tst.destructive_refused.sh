# ASSERTION: a destructive action without -w is refused when tracing
# would start, in DTrace's words, and nothing runs; with -w it runs.
exec 2>&1
"$1" -qn 'BEGIN { chill(1); printf("must not run\n"); exit(0); }'
echo "exit $?"
"$1" -qwn 'BEGIN { chill(1); printf("ran with -w\n"); exit(0); }'
echo "exit $?"
