# ASSERTION: -x argref lets operands go unreferenced; the last one
# referenced needs no option.
dtrace=$1
"$dtrace" -e -xargref -n 'BEGIN { trace($1); }' 1 2 || exit 1
"$dtrace" -e -n 'BEGIN { trace($2); }' 1 2 || exit 1
