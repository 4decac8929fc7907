
-- @@stderr --
dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): invalid address (0x10) in predicate at DIF offset N
