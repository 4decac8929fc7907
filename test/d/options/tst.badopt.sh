# ASSERTION: an unknown -x option is refused with DTrace's message and
# exit status 2.
"$1" -x nosuchoption -n 'BEGIN { exit(0); }'
rc=$?
[ "$rc" = 2 ] || { echo "exit status $rc, expected 2"; exit 1; }
