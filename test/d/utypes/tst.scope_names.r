vars 1 2 3 4 5
consts 22 2 1
types s 1 8
library dtrace 1
entry 3 40 65535
return 65700

exit 0
sizes 4 8 2 1 8
cast 7 abc str
args 7 abc 65535
self 7 enum 22

exit 0
