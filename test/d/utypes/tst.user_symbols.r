score 1234567890123 label one
far 700 -800 via pointer -800
unscoped 6
address is arg0 1
through & 2

exit 0
