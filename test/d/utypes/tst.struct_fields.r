corner 12 -34
other 700 -800
bits 5 -7
union 65236 enum -2
score 1234567890123
label one
next 5 -1 9
sizes 8 8

