# ASSERTION: an operand the program never references (here $2) is
# D_MACRO_UNUSED, as in DTrace, and the message names it.
"$1" -e -xerrtags -n 'BEGIN { trace($1); }' 1 2
