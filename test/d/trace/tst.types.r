CPU     ID                    FUNCTION:NAME
  #      1                           :BEGIN   -3  -300 -294967296      12345678901                0  dtrace                           

-- @@stderr --
dtrace: script 'tst.types.d' matched 1 probe
