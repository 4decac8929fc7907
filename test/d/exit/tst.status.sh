# ASSERTION: dtrace exits with the status given to exit().
"$1" -q -n 'BEGIN { exit(3); }'
rc=$?
[ $rc = 3 ] || { echo "exit status $rc, expected 3"; exit 1; }
