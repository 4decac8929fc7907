-- @@stderr --
dtrace: failed to compile script err.D_PROTO_LEN.array_keys.d: [D_PROTO_LEN] line 4: a[ ] prototype mismatch: 1 key passed, 2 expected
