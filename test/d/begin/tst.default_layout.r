CPU     ID                    FUNCTION:NAME
  #      1                           :BEGIN   hello                            

-- @@stderr --
dtrace: script 'tst.default_layout.d' matched 1 probe
