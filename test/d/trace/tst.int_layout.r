CPU     ID                    FUNCTION:NAME
  #      1                           :BEGIN         1               -2  x                                

-- @@stderr --
dtrace: script 'tst.int_layout.d' matched 1 probe
