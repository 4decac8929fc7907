p
q
1
fault 1 at 0x0

