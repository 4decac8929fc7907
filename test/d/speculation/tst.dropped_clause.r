ran 0, ran_small 1

-- @@stderr --
dtrace: 1 speculative drop
