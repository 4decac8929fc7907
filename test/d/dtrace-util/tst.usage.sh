# ASSERTION: an unknown flag is a usage error: exit status 2, the flag
# named, then the usage text.
"$1" -K 2>&1 | head -n 2
rc=${PIPESTATUS[0]}
[ "$rc" = 2 ] || { echo "exit status $rc, expected 2"; exit 1; }
