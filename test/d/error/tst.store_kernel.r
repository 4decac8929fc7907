after: unchanged

-- @@stderr --
dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): invalid address (ADDR) in action #2 at DIF offset N
