dtrace: description 'BEGIN ' matched 1 probe
dtrace: aggregation size lowered
CPU     ID                    FUNCTION:NAME
  C      1                           :BEGIN 

                1
exit 0
