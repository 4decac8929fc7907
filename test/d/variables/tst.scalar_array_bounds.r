a: 10 0 51 0 41
m: 12 24, sizeof 48
pts: 0 7
self: 0 3, this: 9
after: a[4] 41, j 5

-- @@stderr --
dtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #2 at DIF offset N
