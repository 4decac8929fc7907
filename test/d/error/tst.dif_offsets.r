action 3 offset 8 fault 4
action 1 offset 16 fault 1
action 2 offset 52 fault 1
action 1 offset 8 fault 1

-- @@stderr --
dtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): divide-by-zero in action #3 at DIF offset 8
dtrace: error on enabled probe ID 3 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #1 at DIF offset 16
dtrace: error on enabled probe ID 4 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #2 at DIF offset 52
dtrace: error on enabled probe ID 6 (ID 1: dtrace:::BEGIN): invalid address (0x40) in action #1 at DIF offset 8
