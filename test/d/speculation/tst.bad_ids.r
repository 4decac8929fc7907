after speculate: 0 0 0
ERROR: action 1 offset -1 fault 3

-- @@stderr --
dtrace: error on enabled probe ID 5 (ID 1: dtrace:::BEGIN): illegal operation in action #1
