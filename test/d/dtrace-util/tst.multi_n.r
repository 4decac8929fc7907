CPU     ID                    FUNCTION:NAME
  #      1                           :BEGIN 5


-- @@stderr --
dtrace: description 'BEGIN ' matched 1 probe
dtrace: description 'BEGIN ' matched 1 probe
