after: unchanged

-- @@stderr --
dtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): illegal operation in action #2 at DIF offset N
