CPU     ID                    FUNCTION:NAME
  #      1                           :BEGIN  253 65236 -294967296      12345678901                0  dtrace                           

-- @@stderr --
dtrace: script 'tst.types.d' matched 1 probe
