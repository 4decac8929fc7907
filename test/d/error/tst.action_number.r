done

-- @@stderr --
dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): divide-by-zero in action #3 at DIF offset N
dtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): divide-by-zero in action #2 at DIF offset N
dtrace: error on enabled probe ID 3 (ID 1: dtrace:::BEGIN): divide-by-zero in action #2 at DIF offset N
dtrace: error on enabled probe ID 4 (ID 1: dtrace:::BEGIN): divide-by-zero in predicate at DIF offset N
dtrace: error on enabled probe ID 5 (ID 1: dtrace:::BEGIN): divide-by-zero in action #3 at DIF offset N
