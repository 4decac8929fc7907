read: ts 7 calls 3 hist[2] 41
write: flag -2 bits 24 calls 0
absent: calls 0 hist[3] 0
global: 5 10
local: 12 13
copy: ts 7 calls 100; read calls 3
self: 11

