-- @@stderr --
dtrace: failed to compile script err.D_PRINTA_PROTO.format_no_agg.d: [D_PRINTA_PROTO] line 4: printa( ) prototype mismatch: 1 args passed, 2 expected
