h o ! y 0
last 0
after hello

-- @@stderr --
dtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #2 at DIF offset N
